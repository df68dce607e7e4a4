import TextFrame

extension TUIState {
  /// The whole screen at the state's terminal size. Reads only: every list draws just the
  /// rows that fit, from caches `handle(_:)` keeps up to date.
  public func render() -> Frame {
    var frame = Frame(width: width, height: height)
    guard ScreenLayout.minimum.isMet(by: frame) else {
      // Nothing else is on screen, so nothing else acts (`isTooSmall`): say what still does.
      let more =
        context == .confirmQuit
        ? ["Quit without saving? q quits, Esc stays"] : ["q quits; resize to go on"]
      ScreenLayout.minimum.drawNotice(into: &frame, more: more)
      return frame
    }
    let layout = self.layout
    drawHeader(into: &frame, in: layout.header)
    if let line = layout.scenario { drawScenarioLine(into: &frame, in: line) }
    drawWorldPane(into: &frame, in: layout.world)
    if showsPurchases {
      drawPurchasesPane(into: &frame, in: layout.tokens)
    } else {
      drawTokensPane(into: &frame, in: layout.tokens)
    }
    drawDetailsPane(into: &frame, in: layout.details, full: layout.detailsBeside)
    drawLogPane(into: &frame, in: layout.log)
    drawStatus(into: &frame, in: layout.status)
    drawFooter(into: &frame, in: layout.footer)
    drawOverlay(into: &frame)
    return frame
  }

  /// A pane's border and title, highlighted when it has the focus; returns the inside.
  func drawPane(_ title: String, into frame: inout Frame, in rect: Rect, pane: Pane?) -> Rect {
    let focused = pane == focus && overlay == nil
    frame.box(
      rect, title: title, lineStyle: lineStyle, style: focused ? Theme.focusedBorder : Theme.plain,
      titleStyle: focused ? Theme.focusedBorder : Theme.bold)
    return rect.inset(horizontal: 1, vertical: 1)
  }

  /// A dim hint, wrapped, in an empty list pane.
  func drawEmptyListHint(_ hint: String, into frame: inout Frame, in inside: Rect) {
    for (row, line) in TextWrap.lines(hint, width: inside.width).prefix(inside.height).enumerated() {
      frame.put(line, x: inside.x + 1, y: inside.y + row, style: Theme.dim, clip: inside)
    }
  }

  /// The rows of a list pane that fit from `scroll`: `draw` draws row `row` in the area beside the
  /// selection gutter, and the selected row is marked.
  func drawListRows(
    into frame: inout Frame, in inside: Rect, scroll: Int, count: Int, selected: Int?,
    draw: (_ row: Int, _ area: Rect, _ frame: inout Frame) -> Void
  ) {
    for line in 0..<inside.height {
      let row = scroll + line
      guard row < count else { break }
      let rowRect = Rect(x: inside.x, y: inside.y + line, width: inside.width, height: 1)
      draw(row, rowRect.withoutGutter, &frame)
      if row == selected { markSelected(rowRect, into: &frame) }
    }
  }

  /// Marks a list row as selected: reverse video, and a pointer in its first column so the
  /// selection also shows where attributes do not (monochrome terminals, text snapshots).
  func markSelected(_ row: Rect, into frame: inout Frame) {
    frame.put(lineStyle == .unicode ? "▸" : ">", x: row.x, y: row.y)
    frame.restyle(row) { $0.attributes.insert(.reverse) }
  }

  func drawOverlay(into frame: inout Frame) {
    switch overlay {
    case .help(let scroll): drawHelp(into: &frame, scroll: scroll)
    case .details(let scroll): drawDetailsOverlay(into: &frame, scroll: scroll)
    case .history(let selection, let scroll): drawHistory(into: &frame, selection: selection, scroll: scroll)
    case .dialog(let dialog): drawDialog(dialog, into: &frame)
    case .confirmQuit: drawQuitPrompt(into: &frame)
    case .logEntry(let line, let scroll): drawLogEntry(line, into: &frame, scroll: scroll)
    case .search, nil: break
    }
  }

  /// An overlay's width: the whole screen when narrow (a one-column margin only shows
  /// clutter), otherwise up to `preferred` columns.
  func overlayWidth(preferred: Int) -> Int {
    width < 100 ? width : min(width - 2, preferred)
  }

  /// A blank, bordered box centred on the screen for an overlay; returns the inside.
  func overlayBox(_ title: String, into frame: inout Frame, width: Int, height: Int) -> Rect {
    let screen = frame.bounds.rows([.fixed(1), .fill, .fixed(1)])[1]
    let rect = screen.centered(width: width, height: height)
    frame.fill(rect)
    frame.box(
      rect, title: title, lineStyle: lineStyle, style: Theme.focusedBorder, titleStyle: Theme.focusedBorder)
    return rect.inset(horizontal: 1, vertical: 1)
  }
}
