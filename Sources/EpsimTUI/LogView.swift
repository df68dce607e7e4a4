import LifecycleSimulator
import TextFrame

extension TUIState {
  /// The newest log entries of the steps in effect, stamped with virtual time.
  func drawLogPane(into frame: inout Frame, in rect: Rect) {
    let title = logScroll > 0 ? "Event log (\(logScroll) newer below)" : "Event log"
    let inside = drawPane(title, into: &frame, in: rect, pane: .log)
    let entries = newestLogEntries(count: inside.height, skipping: logScroll)
    guard !entries.isEmpty else {
      frame.put("Nothing has happened yet.", x: inside.x, y: inside.y, style: Theme.dim, clip: inside)
      return
    }
    let fullTime = inside.width >= 100
    for (row, entry) in entries.enumerated() {
      let y = inside.y + row
      let time = ISOTime.string(entry.time)
      let stamp = fullTime ? time : String(time.dropFirst(11).dropLast())
      var x = frame.put(stamp + " ", x: inside.x, y: y, style: Theme.dim, clip: inside)
      x = frame.put(
        entry.kind.rawValue.padding(8), x: x, y: y, style: Self.style(of: entry.kind), clip: inside)
      frame.put(entry.message, x: x, y: y, clip: inside)
    }
  }

  /// Up to `count` entries, oldest first, ending `skipping` entries before the newest. Walks
  /// the history backwards, so long histories cost only what is shown.
  func newestLogEntries(count: Int, skipping: Int) -> [LogEntry] {
    var collected: [LogEntry] = []
    var toSkip = skipping
    for step in simulation.appliedSteps.reversed() {
      for entry in step.outcome.log.reversed() {
        if toSkip > 0 {
          toSkip -= 1
          continue
        }
        collected.append(entry)
        if collected.count == count { return collected.reversed() }
      }
    }
    return collected.reversed()
  }

  static func style(of kind: LogEntry.Kind) -> Style {
    switch kind {
    case .event: return Theme.bold
    case .token: return Theme.active
    case .period: return Style(foreground: .cyan)
    case .expiry: return Style(foreground: .yellow)
    case .refusal: return Theme.expired
    case .info: return Theme.dim
    }
  }
}
