import LifecycleSimulator
import TextFrame

extension TUIState {
  /// The newest log entries of the steps in effect, stamped with virtual time.
  func drawLogPane(into frame: inout Frame, in rect: Rect) {
    let title = logScroll > 0 ? "Event log (\(logScroll) newer below)" : "Event log"
    let inside = drawPane(title, into: &frame, in: rect, pane: .log)
    let entries = newestLogLines(count: inside.height, skipping: logScroll)
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
      x = frame.put(entry.label.padding(8), x: x, y: y, style: entry.labelStyle, clip: inside)
      frame.put(entry.message, x: x, y: y, clip: inside)
    }
  }

  /// Up to `count` lines, oldest first, ending `skipping` lines before the newest: each step's
  /// entries followed by the scenario notes made right after it. Walks the history backwards, so
  /// long histories cost only what is shown.
  func newestLogLines(count: Int, skipping: Int) -> [LogLine] {
    var collected: [LogLine] = []
    var toSkip = skipping
    for position in stride(from: simulation.position, through: 0, by: -1) {
      let stepLines = position > 0 ? simulation.steps[position - 1].outcome.log.map(LogLine.init) : []
      for line in ((scenarioNotes[position] ?? []).reversed() + stepLines.reversed()) {
        if toSkip > 0 {
          toSkip -= 1
          continue
        }
        collected.append(line)
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
