import LifecycleSimulator

extension TUIState {
  /// Refreshes every pane from the simulation as it is now (rows, indexes, next expiry, log
  /// count) and keeps selections valid and visible. Called after every event, so that rendering
  /// only reads.
  mutating func refreshDerived() {
    let world = self.world
    worldPane.refresh(from: world)
    tokensPane.refresh(from: world, customer: selectedCustomerId, filter: filter.query)
    nextExpiry = [world.nextExpiry, nextStoreMoment].compactMap { $0 }.min()
    // Measured again only when what they depend on changed: a key that moves the selection
    // must not walk every device (the benchmark's world has a hundred).
    let key = PaneNeeds.WorldKey(
      customers: world.customers, devices: world.devices, rules: world.rules, app: world.app,
      tokenCount: world.tokens.count, showsAll: tokensPane.showsAll)
    if key != paneNeeds.worldKey {
      paneNeeds.world = WorldPane.contentWidths(of: world, tokenIndex: tokensPane.index, lineStyle: lineStyle)
      paneNeeds.tokenList = TokensPane.contentWidths(of: world, showsAll: tokensPane.showsAll)
      paneNeeds.worldKey = key
    }
    paneNeeds.worldRows = worldPane.rows.count
    if showsPurchases {
      refreshPurchases()
    } else {
      paneNeeds.list = paneNeeds.tokenList
      paneNeeds.listRows = tokensPane.rows.rows.count
    }
    let position = simulation.position
    logPane.count(
      filter.query.isEmpty
        ? stepLogLineCount + logPane.noteCount(through: position)
        : newestLogLines(count: Int.max, skipping: 0).count)
    keepSelectionsVisible()
  }

  /// The tokens pane's index of each customer's tokens.
  var tokenIndex: TokenIndex { tokensPane.index }

  /// The tokens pane's rows.
  var tokenRows: TokenRows { tokensPane.rows }

  /// Scrolls the lists so their selections are on screen.
  mutating func keepSelectionsVisible() {
    let layout = self.layout
    worldPane.keepSelectionVisible(visible: ScreenLayout.innerHeight(layout.world))
    tokensPane.keepSelectionVisible(visible: ScreenLayout.innerHeight(layout.tokens))
  }
}
