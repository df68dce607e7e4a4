import LifecycleSimulator

extension TUIState {
  /// Recomputes the caches the view reads (rows, indexes, next expiry) and keeps selections
  /// valid and visible. Called after every event, so that rendering only reads.
  mutating func refreshDerived() {
    let world = self.world
    worldRows = Self.worldRows(of: world)
    if worldSelection.map({ !worldRows.contains($0) }) ?? true {
      worldSelection = worldRows.first
    }
    let changed = tokenIndex.sync(with: world.tokens, validPrefix: tokenLowWater)
    tokenLowWater = Int.max
    let customer = selectedCustomerId
    let key = TokenRows.Key(customerId: showsAllTokens ? nil : customer, filter: searchQuery)
    if key != tokenRowsKey || (showsAllTokens ? !changed.isEmpty : customer.map(changed.contains) == true) {
      var indexes =
        showsAllTokens ? Array(world.tokens.indices) : customer.map { tokenIndex.tokens(of: $0) } ?? []
      if !searchQuery.isEmpty {
        let needle = Array(searchQuery.utf8).map(TokenSearch.lowercased)
        indexes = indexes.filter { TokenSearch.contains(world.tokens[$0].token.externalPurchaseId, needle) }
      }
      tokenRows =
        showsAllTokens || customer != nil
        ? TokenRows(customerId: customer ?? "", tokenIndexes: indexes, world: world) : TokenRows()
      tokenRowsKey = key
    }
    if selectedToken.map({ tokenRows.rowOfToken[$0] == nil }) ?? true {
      // Keep a selection whenever there is a token: the newest is the most likely interest.
      selectedToken = tokenRows.newestToken
    }
    nextExpiry = [world.nextExpiry, nextStoreMoment].compactMap { $0 }.min()
    if showsPurchases { refreshPurchases() }
    let position = simulation.position
    if searchQuery.isEmpty {
      logEntryCount =
        stepLogLineCount
        + logNotes.reduce(0) { $0 + ($1.key <= position ? $1.value.count : 0) }
    } else {
      logEntryCount = newestLogLines(count: Int.max, skipping: 0).count
    }
    logScroll = min(logScroll, max(0, logEntryCount - 1))
    keepSelectionsVisible()
  }

  /// Customers in order, each followed by their devices.
  static func worldRows(of world: WorldState) -> [WorldRow] {
    var devicesByCustomer: [String: [String]] = [:]
    for device in world.devices { devicesByCustomer[device.customerId, default: []].append(device.id) }
    return world.customers.flatMap { customer in
      [WorldRow.customer(customer.id)] + (devicesByCustomer[customer.id] ?? []).map(WorldRow.device)
    }
  }

  /// Row of the selected world item.
  var worldSelectionRow: Int? {
    worldSelection.flatMap { worldRows.firstIndex(of: $0) }
  }

  /// Row of the selected token in the tokens pane.
  var tokenSelectionRow: Int? {
    selectedToken.flatMap { tokenRows.rowOfToken[$0] }
  }

  /// Scrolls the lists so their selections are on screen.
  mutating func keepSelectionsVisible() {
    let layout = self.layout
    worldScroll = Self.scroll(
      worldScroll, keeping: worldSelectionRow, visible: ScreenLayout.innerHeight(layout.world),
      count: worldRows.count)
    // A period header sits above its first token: show it too when the token is at the top.
    let tokenRow = tokenSelectionRow
    let tokenAnchor = tokenRow.map { row in row > 0 && tokenRows.token(atRow: row - 1) == nil ? row - 1 : row
    }
    let tokenHeight = ScreenLayout.innerHeight(layout.tokens)
    tokenScroll = Self.scroll(
      tokenScroll, keeping: tokenAnchor, visible: tokenHeight, count: tokenRows.rows.count)
    tokenScroll = Self.scroll(
      tokenScroll, keeping: tokenRow, visible: tokenHeight, count: tokenRows.rows.count)
  }

  /// The smallest change to `scroll` that shows `row` in a window of `visible` rows.
  static func scroll(_ scroll: Int, keeping row: Int?, visible: Int, count: Int) -> Int {
    var result = min(scroll, max(0, count - visible))
    if let row, visible > 0 {
      if row < result { result = row }
      if row >= result + visible { result = row - visible + 1 }
    }
    return max(0, result)
  }
}
