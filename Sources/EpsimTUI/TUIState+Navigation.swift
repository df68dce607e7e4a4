import LifecycleSimulator
import WorldCommands

extension TUIState {
  /// How far a move goes: one row, a page of the focused list, or to either end.
  static func distance(of action: Action, page: Int) -> Int {
    switch action {
    case .moveDown: return 1
    case .moveUp: return -1
    case .pageDown: return max(1, page)
    case .pageUp: return -max(1, page)
    case .moveToTop: return Int.min / 2
    case .moveToBottom: return Int.max / 2
    default: return 0
    }
  }

  mutating func moveInFocusedPane(_ action: Action) {
    let layout = self.layout
    switch focus {
    case .world:
      guard !worldRows.isEmpty else { return }
      let delta = Self.distance(of: action, page: ScreenLayout.innerHeight(layout.world))
      let row = Self.clamp((worldSelectionRow ?? 0).addingClamped(delta), to: worldRows.count)
      worldSelection = worldRows[row]
      // Why custom links fail on the device is a reason: the log keeps it whole.
      status = StatusMessage(
        .info, describeWorldSelection(),
        givesReason: selectedDevice.map { world.customLinkIneligibility(on: $0) != nil } ?? false)
    case .tokens where showsPurchases:
      movePurchaseSelection(by: Self.distance(of: action, page: ScreenLayout.innerHeight(layout.tokens)))
    case .tokens:
      moveTokenSelection(by: Self.distance(of: action, page: ScreenLayout.innerHeight(layout.tokens)))
    case .log:
      // Up reads older entries: the scroll counts entries hidden below the pane.
      let delta = Self.distance(of: action, page: ScreenLayout.innerHeight(layout.log))
      let maximum = max(0, logEntryCount - ScreenLayout.innerHeight(layout.log))
      logScroll = min(maximum, max(0, logScroll.addingClamped(-delta)))
    }
  }

  /// Moves to the token row `delta` rows away, skipping period headers.
  mutating func moveTokenSelection(by delta: Int) {
    let rows = tokenRows
    guard !rows.rows.isEmpty else { return }
    let current = tokenSelectionRow ?? (delta > 0 ? -1 : rows.rows.count)
    let target = Self.clamp(current.addingClamped(delta), to: rows.rows.count)
    let direction = delta >= 0 ? 1 : -1
    let row =
      rows.tokenRow(from: target, direction: direction)
      ?? rows.tokenRow(from: target, direction: -direction)
    if let row, let token = rows.token(atRow: row) {
      // A move that finds no further token in its direction keeps the selection.
      if delta != 0, let current = tokenSelectionRow, (row - current) * direction < 0 { return }
      selectedToken = token
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
    let delta = Self.distance(of: action, page: page)
    switch overlay {
    case .help(let scroll):
      // The last row says "more below" until the end, so a page shows one line fewer.
      let helpDelta = Self.distance(of: action, page: page - 1)
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
      let next = Self.clamp(selection.addingClamped(delta), to: count)
      overlay = .history(
        selection: next, scroll: Self.scroll(scroll, keeping: next, visible: page, count: count))
    default: break
    }
  }

  /// `value` limited to valid indexes of a collection with `count` elements.
  static func clamp(_ value: Int, to count: Int) -> Int {
    min(max(0, value), max(0, count - 1))
  }
}

extension Int {
  /// Addition that saturates instead of trapping, for "move to the end" style deltas.
  func addingClamped(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? Int.max : Int.min) : sum
  }
}
