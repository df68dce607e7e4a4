/// The log pane's own state: how far it is scrolled back, the lines it shows beside the
/// engine's (scenario lines, verdicts, reasons), and how many entries the log has.
struct LogPane: Hashable, Sendable {
  /// Log entries hidden below the pane: 0 follows the newest entry.
  private(set) var scroll = 0
  /// Log lines that are not the engine's, by the history position they follow: stepped
  /// scenario lines and their verdicts, and the reasons the status line gave.
  private(set) var notes: [Int: [LogLine]] = [:]
  /// Entries of the steps in effect that the filter keeps, as of the last `count(_:)`.
  private(set) var entryCount = 0

  /// Moves `delta` entries newer (negative: older) in a pane `visible` rows high; the oldest
  /// entry stops it at the top of the pane, the newest at the bottom.
  mutating func move(by delta: Int, visible: Int) {
    let maximum = max(0, entryCount - visible)
    scroll = min(maximum, max(0, scroll.addingClamped(-delta)))
  }

  /// Back to following the newest entry (after a new step).
  mutating func followNewest() {
    scroll = 0
  }

  /// Takes the number of entries in effect; the scroll stays within them.
  mutating func count(_ entries: Int) {
    entryCount = entries
    scroll = min(scroll, max(0, entries - 1))
  }

  /// The notes made right after the step at `position`, oldest first.
  func notes(at position: Int) -> [LogLine] {
    notes[position] ?? []
  }

  /// How many notes the steps up to `position` have.
  func noteCount(through position: Int) -> Int {
    notes.reduce(0) { $0 + ($1.key <= position ? $1.value.count : 0) }
  }

  /// Adds notes after the step at `position`.
  mutating func add(_ lines: [LogLine], at position: Int) {
    notes[position, default: []] += lines
  }

  /// Adds a note after the step at `position` unless that step has it already.
  mutating func addOnce(_ line: LogLine, at position: Int) {
    guard notes[position]?.contains(line) != true else { return }
    notes[position, default: []].append(line)
  }

  /// Forgets the notes of steps after `position` (a new step replaces them after an undo).
  mutating func dropNotes(after position: Int) {
    notes = notes.filter { $0.key <= position }
  }

  /// Forgets every note (a new world) and follows the newest entry.
  mutating func clear() {
    notes = [:]
    scroll = 0
  }
}
