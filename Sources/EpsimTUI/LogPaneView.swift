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
    let fullTime = inside.width >= 100
    for (row, entry) in entries.enumerated() {
      let y = inside.y + row
      let stamp =
        fullTime ? ISOTime.string(entry.time) : String(ISOTime.string(entry.time).dropFirst(11).dropLast())
      let line = StyledLine(pieces: [
        (stamp + " ", Theme.dim), (entry.label.padding(8), entry.labelStyle), (entry.message, Theme.plain),
      ])
      line.draw(into: &frame, x: inside.x, y: y, clip: inside, ellipsis: chrome.lineStyle.ellipsis)
      if chrome.focus == .log, row == entries.count - 1 {
        frame.restyle(Rect(x: inside.x, y: y, width: inside.width, height: 1)) {
          $0.attributes.insert(.reverse)
        }
      }
    }
  }
}
