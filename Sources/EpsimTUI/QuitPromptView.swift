import TextFrame

extension TUIState {
  /// The question asked before quitting with unsaved steps.
  func drawQuitPrompt(into frame: inout Frame) {
    let count = unsavedStepCount
    let text =
      "\(count) step\(count == 1 ? " is" : "s are") not saved. w saves the session as a .epsim scenario"
      + " and then quits; q (or Ctrl-C again) quits without saving; Esc goes back."
    let boxWidth = min(overlayWidth(preferred: 64), 64)
    let lines = TextWrap.lines(text, width: boxWidth - 4)
    let inside = chrome.overlayBox("Quit?", into: &frame, width: boxWidth, height: lines.count + 2)
    for (row, line) in lines.enumerated() {
      frame.put(line, x: inside.x + 1, y: inside.y + row, clip: inside)
    }
  }
}
