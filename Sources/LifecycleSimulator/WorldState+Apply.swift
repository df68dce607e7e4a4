/// The lifecycle engine's entry point: applying one event to the world.
extension WorldState {
  /// Applies `event` and returns its outcome. On error the world is unchanged.
  ///
  /// In place, not on a copy: a copy made the token and period arrays be copied on every event,
  /// so a world of n tokens cost O(n) per event. In place is safe because every event checks
  /// everything before it changes anything; FastPathTests holds this against the copying
  /// `applying(_:)`, refused events included.
  public mutating func apply(_ event: WorldEvent) throws(SimulationError) -> EventOutcome {
    var log = EventLog(time: now)
    log.add(.event, event.summary)
    let result = try perform(event, log: &log)
    return EventOutcome(result: result, log: log.entries)
  }

  /// Applies `event` like `apply(_:)` but builds no log messages, for bulk runs that never show
  /// the log (fixture generation): the result and the world are the same, only faster.
  public mutating func applyWithoutLog(_ event: WorldEvent) throws(SimulationError) -> EventResult {
    var log = EventLog(time: now, isRecording: false)
    return try perform(event, log: &log)
  }

  /// The world after `event`, and the outcome; `self` is not changed, whatever `event` does.
  public func applying(_ event: WorldEvent) throws(SimulationError) -> (WorldState, EventOutcome) {
    var next = self
    let outcome = try next.apply(event)
    return (next, outcome)
  }

  private mutating func perform(_ event: WorldEvent, log: inout EventLog) throws(SimulationError)
    -> EventResult
  {
    switch event {
    case .install(let device): return try install(deviceId: device, log: &log)
    case .update(let device, let version): return try update(deviceId: device, version: version, log: &log)
    case .redownload(let device): return try redownload(deviceId: device, log: &log)
    case .uninstall(let device): return try uninstall(deviceId: device, log: &log)
    case .requestToken(let device, let type):
      return .token(try requestToken(deviceId: device, type: type, log: &log))
    case .requestTypedToken(let device, let request):
      return .token(try requestTypedToken(deviceId: device, request: request, log: &log))
    case .checkEligibility(let device): return .eligibility(try checkEligibility(deviceId: device, log: &log))
    case .presentNoticeSheet(let device): return .legacy(try presentNoticeSheet(deviceId: device, log: &log))
    case .openLinkOut(let device, let url):
      return .legacy(try openLinkOut(deviceId: device, url: url, log: &log))
    case .forceRefresh:
      refreshNextRequest = true
      return .changed
    case .advanceClock(let time): return try advanceClock(to: time, log: &log)
    case .addCustomer, .addDevice, .setStorefront, .setOSVersion, .setCanMakePayments, .setRules, .setApp:
      try changeConfiguration(event)
      return .changed
    }
  }

  /// Moves the clock forward and logs every period whose expiration it crosses.
  private mutating func advanceClock(to time: VirtualTime, log: inout EventLog) throws(SimulationError)
    -> EventResult
  {
    guard time >= now else {
      throw SimulationError(
        "the clock cannot move back from \(ISOTime.string(now)) to \(ISOTime.string(time)); rewind the history instead"
      )
    }
    guard StepLimits.time.range.contains(time) else {
      throw SimulationError(
        "the clock cannot move to \(ISOTime.string(time)): expected \(StepLimits.time.expected)")
    }
    let start = now
    // Only periods unexpired at `start` can expire on the way.
    var expired: [TokenPeriod] = []
    forEachPossiblyUnexpiredPeriod { index in
      if start < periods[index].expirationDate && periods[index].expirationDate <= time {
        expired.append(periods[index])
      }
      return true
    }
    // Most clock moves expire nothing; sorting even an empty array made a copy of it to sort.
    if expired.count > 1 { expired.sort { ($0.expirationDate, $0.id) < ($1.expirationDate, $1.id) } }
    for period in expired {
      log.add(
        .expiry, "\(period.type.rawValue) period \(period.ordinal) of \(period.customerId) expired",
        at: period.expirationDate)
    }
    now = time
    noteUnexpiredPeriods()
    return .clock(from: start, to: time, expiredPeriods: expired.map(\.id))
  }
}

/// Collects log entries for one event.
struct EventLog {
  var time: VirtualTime
  /// False for `applyWithoutLog`: messages are then never built (they cost more than the event).
  var isRecording = true
  var entries: [LogEntry] = []

  mutating func add(
    _ kind: LogEntry.Kind, _ message: @autoclosure () -> String, at time: VirtualTime? = nil,
    topic: LogEntry.Topic? = nil
  ) {
    guard isRecording else { return }
    entries.append(LogEntry(time: time ?? self.time, kind: kind, message: message(), topic: topic))
  }
}
