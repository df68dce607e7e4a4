/// The steps of a `Simulation`, stored compactly: a long interactive session records a million
/// steps, and one `Step` value each (an event enum, a result enum, an array of log entries with
/// a string each) cost about 550 bytes a step.
///
/// Here a step is four small integers: the event and the result are numbers in tables of
/// distinct values (a session repeats the same requests, checks and answers over and over), and
/// its log lines sit in one shared list whose messages are numbers in a table of distinct
/// strings. The first log line of every step is the event's own summary, rebuilt from the event
/// when read instead of stored, and clock moves (each one to a new time, so each distinct) are
/// rebuilt from the step's own time and the one before. Reading a step rebuilds the same `Step`
/// value that was recorded.
public struct StepHistory: RandomAccessCollection, Sendable {
  private var eventNumbers: [UInt32] = []
  private var resultNumbers: [UInt32] = []
  private var times: [VirtualTime] = []
  /// Where each step's log lines start in `lines`; a step's lines end where the next one's start.
  private var lineStarts: [UInt32] = []
  private var lines: [StoredLine] = []
  private var events = DistinctValues<WorldEvent>()
  private var results = DistinctValues<EventResult>()
  private var messages = DistinctValues<String>()
  /// The clock before the first step.
  private let start: VirtualTime

  init(start: VirtualTime) {
    self.start = start
  }

  /// One log line: its time, kind, topic and message number (`summaryMessage`: the event's summary).
  private struct StoredLine: Sendable {
    var time: VirtualTime
    var message: UInt32
    var kind: LogEntry.Kind
    var topic: LogEntry.Topic?
  }

  private static let summaryMessage = UInt32.max
  /// Event number of `.advanceClock(to:)` the step's own time.
  private static let clockEvent = UInt32.max
  /// Result number of `.clock(from:to:expiredPeriods: [])` from the previous step's time to this one's.
  private static let quietClockResult = UInt32.max

  public var startIndex: Int { 0 }
  public var endIndex: Int { times.count }

  public subscript(position: Int) -> Simulation.Step {
    let event = self.event(at: position)
    let end = position + 1 < lineStarts.count ? Int(lineStarts[position + 1]) : lines.count
    let log = lines[Int(lineStarts[position])..<end].map { line in
      LogEntry(
        time: line.time, kind: line.kind,
        message: line.message == Self.summaryMessage ? event.summary : messages[line.message],
        topic: line.topic)
    }
    return Simulation.Step(
      event: event, outcome: EventOutcome(result: result(at: position), log: log), now: times[position])
  }

  /// The event of step `position`, without rebuilding its log.
  public func event(at position: Int) -> WorldEvent {
    let number = eventNumbers[position]
    return number == Self.clockEvent ? .advanceClock(to: times[position]) : events[number]
  }

  private func result(at position: Int) -> EventResult {
    let number = resultNumbers[position]
    guard number == Self.quietClockResult else { return results[number] }
    return .clock(from: position > 0 ? times[position - 1] : start, to: times[position], expiredPeriods: [])
  }

  /// The clock after step `position`.
  public func now(at position: Int) -> VirtualTime { times[position] }

  mutating func append(_ event: WorldEvent, _ outcome: EventOutcome, now: VirtualTime) {
    let before = times.last ?? start
    if case .advanceClock(let time) = event, time == now {
      eventNumbers.append(Self.clockEvent)
    } else {
      eventNumbers.append(events.number(of: event))
    }
    if case .clock(let from, let to, let expired) = outcome.result, from == before, to == now, expired.isEmpty
    {
      resultNumbers.append(Self.quietClockResult)
    } else {
      resultNumbers.append(results.number(of: outcome.result))
    }
    times.append(now)
    lineStarts.append(UInt32(lines.count))
    for (offset, entry) in outcome.log.enumerated() {
      // `WorldState.apply` always logs the event's summary first (checked in debug builds and by
      // the tests that read every step back); building it again here would cost a string a step.
      let isSummary = offset == 0 && entry.kind == .event
      assert(!isSummary || entry.message == event.summary, "the first log line is the event's summary")
      lines.append(
        StoredLine(
          time: entry.time, message: isSummary ? Self.summaryMessage : messages.number(of: entry.message),
          kind: entry.kind, topic: entry.topic))
    }
  }

  /// Forgets the steps from `count` on (the table entries stay; a later step may reuse them).
  mutating func truncate(to count: Int) {
    guard count < times.count else { return }
    lines.removeSubrange(Int(lineStarts[count])...)
    eventNumbers.removeSubrange(count...)
    resultNumbers.removeSubrange(count...)
    times.removeSubrange(count...)
    lineStarts.removeSubrange(count...)
  }
}

/// Values stored once each and named by a number: a value seen before gets its old number.
public struct DistinctValues<Value: Hashable & Sendable>: Sendable {
  public init() {}

  private var values: [Value] = []
  private var numbers: [Value: UInt32] = [:]

  public subscript(number: UInt32) -> Value { values[Int(number)] }

  public mutating func number(of value: Value) -> UInt32 {
    if let number = numbers[value] { return number }
    let number = UInt32(values.count)
    values.append(value)
    numbers[value] = number
    return number
  }
}
