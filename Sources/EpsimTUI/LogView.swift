import LifecycleSimulator
import TextFrame

extension TUIState {
  /// Up to `count` lines, oldest first, ending `skipping` lines before the newest: each step's
  /// entries followed by the scenario notes made right after it, only those the filter keeps.
  /// Walks the history backwards, so long histories cost only what is shown.
  func newestLogLines(count: Int, skipping: Int) -> [LogLine] {
    var collected: [LogLine] = []
    var toSkip = skipping
    let needle = Array(filter.query.utf8).map(TokenSearch.lowercased)
    for position in stride(from: simulation.position, through: 0, by: -1) {
      let stepLines = position > 0 ? stepLogLines(at: position) : []
      let lines = logPane.notes(at: position).reversed() + storeLogLines(at: position).reversed()
      for line in lines + stepLines.reversed() {
        if !needle.isEmpty, !TokenSearch.contains(line.label + " " + line.message, needle) { continue }
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

  /// Enter with the log focused: the selected (bottom) line in an overlay, whole.
  mutating func openSelectedLogLine() {
    guard let line = newestLogLines(count: 1, skipping: logPane.scroll).first else {
      status = StatusMessage(.info, "the log is empty")
      return
    }
    overlay = .logEntry("\(ISOTime.string(line.time))  \(line.label)  \(line.message)", scroll: 0)
  }

  /// The log line overlay: the text wrapped at spaces, scrolling when it is longer than the screen.
  func drawLogEntry(_ text: String, into frame: inout Frame, scroll: Int) {
    let width = overlayWidth(preferred: 100)
    let lines = TextWrap.lines(text, width: width - 4)
    let inside = chrome.overlayBox(
      "Log line (Esc closes)", into: &frame, width: width, height: min(height - 2, lines.count + 2))
    for (row, line) in lines.dropFirst(scroll).prefix(inside.height).enumerated() {
      frame.put(line, x: inside.x + 1, y: inside.y + row, clip: inside)
    }
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
