import LifecycleSimulator
import WorldCommands

extension TUIState {
  mutating func moveInFocusedPane(_ action: Action) {
    let layout = self.layout
    switch focus {
    case .world:
      let delta = ListPosition.distance(of: action, page: ScreenLayout.innerHeight(layout.world))
      guard worldPane.moveSelection(by: delta) else { return }
      // Why custom links fail on the device is a reason: the log keeps it whole.
      status = StatusMessage(
        .info, describeWorldSelection(),
        givesReason: selectedDevice.map { world.customLinkIneligibility(on: $0) != nil } ?? false)
    case .tokens where showsPurchases:
      purchasesPane.moveSelection(
        by: ListPosition.distance(of: action, page: ScreenLayout.innerHeight(layout.tokens)))
    case .tokens:
      tokensPane.moveSelection(
        by: ListPosition.distance(of: action, page: ScreenLayout.innerHeight(layout.tokens)))
    case .log:
      // Up reads older entries: the scroll counts entries hidden below the pane.
      let delta = ListPosition.distance(of: action, page: ScreenLayout.innerHeight(layout.log))
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
    let page = max(1, height - 4)  // rows inside an overlay box: screen minus header, footer, borders
    let delta = ListPosition.distance(of: action, page: page)
    switch overlay {
    case .help(let scroll):
      // The last row says "more below" until the end, so a page shows one line fewer.
      let helpDelta = ListPosition.distance(of: action, page: page - 1)
      let maximum = max(0, helpLines().count - page)
      overlay = .help(scroll: min(maximum, max(0, scroll.addingClamped(helpDelta))))
    case .details(let scroll):
      let maximum = max(0, detailsOverlayLineCount() - page)
      overlay = .details(scroll: min(maximum, max(0, scroll.addingClamped(delta))))
    case .logEntry(let text, let scroll):
      let lines = TextWrap.lines(text, width: overlayWidth(preferred: 100) - 4).count
      overlay = .logEntry(text, scroll: min(max(0, lines - page), max(0, scroll.addingClamped(delta))))
    case .history(let selection, let scroll):
      let count = simulation.stepCount + 1
      let next = ListPosition.clamp(selection.addingClamped(delta), to: count)
      overlay = .history(
        selection: next, scroll: ListPosition.scroll(scroll, keeping: next, visible: page, count: count))
    default: break
    }
  }
}
