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
    let chrome = self.chrome
    worldPane.draw(into: &frame, in: layout.world, world: world, tokenIndex: tokensPane.index, chrome: chrome)
    if showsPurchases {
      purchasesPane.draw(
        into: &frame, in: layout.tokens, state: store.state, customer: selectedCustomerId, chrome: chrome)
    } else {
      tokensPane.draw(
        into: &frame, in: layout.tokens, world: world, customer: selectedCustomerId,
        appInstalled: selectedDevice?.isAppInstalled == true, filter: filter.query, chrome: chrome)
    }
    drawDetailsPane(into: &frame, in: layout.details, full: layout.detailsShowEverything)
    logPane.draw(into: &frame, in: layout.log, filter: filter.query, chrome: chrome) { count, skipping in
      newestLogLines(count: count, skipping: skipping)
    }
    drawStatus(into: &frame, in: layout.status)
    drawFooter(into: &frame, in: layout.footer)
    drawOverlay(into: &frame)
    return frame
  }

  /// How the panes draw their borders, lists and names: with the focus, unless an overlay is open.
  var chrome: PaneChrome {
    PaneChrome(lineStyle: lineStyle, focus: overlay == nil ? focus : nil)
  }

  func drawOverlay(into frame: inout Frame) {
    switch overlay {
    case .help(let scroll, let query): drawHelp(into: &frame, scroll: scroll, query: query)
    case .helpSearch(let input): drawHelp(into: &frame, scroll: 0, query: input.string, typing: input)
    case .details(let scroll): drawDetailsOverlay(into: &frame, scroll: scroll)
    case .history(let selection, let scroll): drawHistory(into: &frame, selection: selection, scroll: scroll)
    case .dialog(let dialog):
      dialog.draw(into: &frame, width: min(overlayWidth(preferred: 76), 76), chrome: chrome)
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

}
