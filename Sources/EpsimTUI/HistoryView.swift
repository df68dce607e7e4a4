import LifecycleSimulator
import SimulatedWorld
import TextFrame

extension TUIState {
  /// Steps of history: the initial world, every step in effect, then undone steps (dimmed).
  func drawHistory(into frame: inout Frame, selection: Int, scroll: Int) {
    let inside = chrome.overlayBox(
      "History (Enter rewinds to the selected step)", into: &frame, width: overlayWidth(preferred: 100),
      height: height - 2)
    let stepCount = simulation.stepCount
    let marker = lineStyle == .unicode ? "●" : "*"
    let visibleScroll = ListPosition.scroll(
      scroll, keeping: selection, visible: inside.height, count: stepCount + 1)
    let visible = visibleScroll...min(stepCount, visibleScroll + inside.height - 1)
    // Who made each step (this UI, a scenario line, the control API, a backend, the clock), in a
    // column as wide as the longest door shown, so a UI-only session loses two columns, not eleven.
    let originWidth = visible.map { $0 == 0 ? 0 : simulation.entry($0).origin.label.count }.max() ?? 0
    for row in 0..<inside.height {
      let position = visibleScroll + row
      guard position <= stepCount else { break }
      let area = Rect(x: inside.x, y: inside.y + row, width: inside.width, height: 1)
      let current = position == simulation.position ? marker : " "
      let time = ISOTime.string(
        position == 0 ? simulation.tokens.initial.now : simulation.entry(position).now)
      let what = position == 0 ? "initial world" : stepSummary(at: position)
      let origin = position == 0 ? "" : simulation.entry(position).origin.label
      let style = position > simulation.position ? Theme.dim : Theme.plain
      frame.put(
        "\(current) \(String(position).padding(5)) \(time)  \(origin.padding(originWidth)) \(what)",
        x: area.x, y: area.y, style: style, clip: area)
      if position == selection { frame.restyle(area) { $0.attributes.insert(.reverse) } }
    }
  }
}
