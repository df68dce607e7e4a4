import LifecycleSimulator
import SimulatedWorld

extension TUIState {
  mutating func moveInFocusedPane(_ action: Action) {
    let layout = self.layout
    let rect = [Pane.world: layout.world, .tokens: layout.tokens, .log: layout.log][focus]!
    moveInFocusedPane(by: ListPosition.distance(of: action, page: ScreenLayout.innerHeight(rect)))
  }

  /// Moves the focused pane's selection `delta` rows (the log: scrolls it, up reading older).
  mutating func moveInFocusedPane(by delta: Int) {
    let layout = self.layout
    switch focus {
    case .world:
      guard worldPane.moveSelection(by: delta) else { return }
      // Why custom links fail on the device is a reason: the log keeps it whole.
      status = StatusMessage(
        .info, describeWorldSelection(),
        givesReason: selectedDevice.map { world.customLinkIneligibility(on: $0) != nil } ?? false)
    case .tokens where showsPurchases: purchasesPane.moveSelection(by: delta)
    case .tokens: tokensPane.moveSelection(by: delta)
    case .log:
      // Up reads older entries: the scroll counts entries hidden below the pane.
      logPane.move(by: delta, visible: ScreenLayout.innerHeight(layout.log))
    }
  }

  mutating func showDetails() {
    if focus == .log {
      openSelectedLogLine()
      return
    }
    if showsPurchases {
      guard selectedStoreTransaction != nil else {
        status = StatusMessage(.info, "no purchase selected; b buys one")
        return
      }
      overlay = .details(scroll: 0)
      return
    }
    guard selectedIssuedToken != nil else {
      status = StatusMessage(.info, "no token selected; request one first (1-4, S, o)")
      return
    }
    overlay = .details(scroll: 0)
  }

  /// Scrolls the help or details text, or moves the history selection.
  mutating func scrollOverlay(_ action: Action) {
    guard let overlay else { return }
    let lineCount: Int
    switch overlay {
    case .help(_, let query): lineCount = helpLines(query: query).count
    case .details: lineCount = detailsOverlayLineCount()
    case .logEntry(let text, _):
      lineCount = TextWrap.lines(text, width: overlayWidth(preferred: 100) - 4).count
    case .history: lineCount = simulation.stepCount + 1
    case .dialog, .search, .helpSearch, .confirmQuit: return
    }
    // Rows inside an overlay box: the screen minus header, footer and borders.
    self.overlay = overlay.moved(by: action, page: max(1, height - 4), lineCount: lineCount)
  }
}
