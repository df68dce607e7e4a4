import TextFrame

extension TUIState {
  /// The loaded scenario's next line, `file:line  source text`, with how far the stepping got.
  func drawScenarioLine(into frame: inout Frame, in rect: Rect) {
    guard let script else { return }
    let total = script.scenario.steps.count
    let name = Self.shortName(of: script.file)
    let progress = "\(script.performedCount)/\(total) steps"
    guard let statement = script.nextStatement else {
      let x = frame.put("\(name): ", x: rect.x, y: rect.y, style: Theme.bold, clip: rect)
      let totals = scenarioTotals
      frame.put(
        "every line stepped (\(progress)): \(totals.summary)", x: x, y: rect.y,
        style: totals.failed + totals.refused == 0 ? Theme.success : Theme.error, clip: rect)
      return
    }
    let pointer = lineStyle == .unicode ? "▸ " : "> "
    let place = "\(name):\(statement.location.line)"
    // The progress goes first when space runs out: the line itself is what the user reads.
    let room = rect.width - DisplayWidth.of(progress) - 1
    let showProgress = room >= 40
    let textArea = Rect(x: rect.x, y: rect.y, width: showProgress ? room : rect.width, height: 1)
    var x = frame.put(pointer + place + "  ", x: rect.x, y: rect.y, style: Theme.bold, clip: textArea)
    let source = DisplayWidth.truncated(
      script.sourceText(of: statement), toWidth: max(0, textArea.maxX - x), ellipsis: lineStyle.ellipsis)
    x = frame.put(source, x: x, y: rect.y, clip: textArea)
    if showProgress { frame.put(progress, in: rect, alignment: .right, style: Theme.dim) }
  }
}
