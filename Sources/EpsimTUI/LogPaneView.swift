import LifecycleSimulator
import TextFrame

extension LogPane {
  /// The newest log entries of the steps in effect, stamped with virtual time; `lines(count,
  /// skipping)` reads them from the history, only those `filter` keeps. With the focus here, the
  /// bottom line shown is selected: Enter opens it whole.
  func draw(
    into frame: inout Frame, in rect: Rect, filter: String, chrome: PaneChrome,
    lines: (_ count: Int, _ skipping: Int) -> [LogLine]
  ) {
    var title = scroll > 0 ? "Event log (\(scroll) newer below)" : "Event log"
    if !filter.isEmpty { title += " · filter '\(filter)'" }
    let inside = chrome.drawPane(title, into: &frame, in: rect, pane: .log)
    let entries = lines(inside.height, scroll)
    guard !entries.isEmpty else {
      let empty = filter.isEmpty ? "Nothing has happened yet." : "No log line contains '\(filter)'."
      frame.put(empty, x: inside.x, y: inside.y, style: Theme.dim, clip: inside)
      return
    }
    // From 100 terminal columns (the pane spans the screen), as docs/tui.md says.
    let fullTime = rect.width >= 100
    for (row, entry) in entries.enumerated() {
      let y = inside.y + row
      let stamp =
        fullTime ? ISOTime.string(entry.time) : String(ISOTime.string(entry.time).dropFirst(11).dropLast())
      let room = inside.width - DisplayWidth.of(stamp) - 1 - 8
      let message = Self.shortened(entry.message, width: room, ellipsis: chrome.lineStyle.ellipsis)
      let line = StyledLine(pieces: [
        (stamp + " ", Theme.dim), (entry.label.padding(8), entry.labelStyle), (message, Theme.plain),
      ])
      line.draw(into: &frame, x: inside.x, y: y, clip: inside, ellipsis: chrome.lineStyle.ellipsis)
      if chrome.focus == .log, row == entries.count - 1 {
        frame.restyle(Rect(x: inside.x, y: y, width: inside.width, height: 1)) {
          $0.attributes.insert(.reverse)
        }
      }
    }
  }

  /// `message` in `width` columns: cut with an ellipsis, but never inside a date or a number
  /// (a cut one reads as another value); such a word goes whole. Enter shows the whole line.
  static func shortened(_ message: String, width: Int, ellipsis: String) -> String {
    guard DisplayWidth.of(message) > width else { return message }
    let cut = DisplayWidth.truncated(message, toWidth: width, ellipsis: ellipsis)
    let kept = Array(cut.dropLast(ellipsis.count))
    // The word the cut falls in (kept is the start of message), and whether it is a value.
    let start = kept.lastIndex(of: " ").map { $0 + 1 } ?? 0
    let word = message.dropFirst(start).prefix { $0 != " " }
    let isValue = word.first?.isNumber == true && word.allSatisfy { $0.isNumber || ":-.TZ,".contains($0) }
    return isValue ? String(kept[..<start]) + ellipsis : cut
  }
}
