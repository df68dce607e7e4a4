import LifecycleSimulator

/// The tokens pane's own state: the selected token, the scroll, whether it lists every
/// customer's tokens, and the rows and per-customer index it keeps in step with the world.
struct TokensPane: Hashable, Sendable {
  /// The selected token (index into the world's tokens).
  var selected: Int?
  var scroll = 0
  /// Whether the list shows every customer's tokens rather than the selected customer's.
  var showsAll = false
  /// Each customer's tokens, kept in step with the world by `refresh`.
  private(set) var index = TokenIndex()
  private(set) var rows = TokenRows()
  /// What `rows` was built for: the customer (nil: all customers) and the filter.
  private var rowsKey: TokenRows.Key?
  /// The shortest token list seen since the last refresh (history moves cut it).
  private var lowWater = Int.max

  /// Row of the selected token.
  var selectionRow: Int? {
    selected.flatMap { rows.rowOfToken[$0] }
  }

  /// The world's token list was cut back to `count` (undo, rewind, a new world): the index
  /// trusts no token past it at the next refresh.
  mutating func tokensCut(to count: Int) {
    lowWater = min(lowWater, count)
  }

  /// Brings the index and rows up to `world` for `customer`'s list (or everyone's) under
  /// `filter`, rebuilding the rows only when what they show changed; keeps a selection whenever
  /// a token is shown.
  mutating func refresh(from world: WorldState, customer: String?, filter: String) {
    let changed = index.sync(with: world.tokens, validPrefix: lowWater)
    lowWater = Int.max
    let key = TokenRows.Key(customerId: showsAll ? nil : customer, filter: filter)
    if key != rowsKey || (showsAll ? !changed.isEmpty : customer.map(changed.contains) == true) {
      var indexes = showsAll ? Array(world.tokens.indices) : customer.map { index.tokens(of: $0) } ?? []
      if !filter.isEmpty {
        let needle = Array(filter.utf8).map(TokenSearch.lowercased)
        indexes = indexes.filter { TokenSearch.contains(world.tokens[$0].token.externalPurchaseId, needle) }
      }
      rows =
        showsAll || customer != nil
        ? TokenRows(customerId: customer ?? "", tokenIndexes: indexes, world: world) : TokenRows()
      rowsKey = key
    }
    if selected.map({ rows.rowOfToken[$0] == nil }) ?? true {
      // The newest is the most likely interest.
      selected = rows.newestToken
    }
  }

  /// Moves to the token row `delta` rows away, skipping period headers.
  mutating func moveSelection(by delta: Int) {
    guard !rows.rows.isEmpty else { return }
    let current = selectionRow ?? (delta > 0 ? -1 : rows.rows.count)
    let target = ListPosition.clamp(current.addingClamped(delta), to: rows.rows.count)
    let direction = delta >= 0 ? 1 : -1
    let row =
      rows.tokenRow(from: target, direction: direction)
      ?? rows.tokenRow(from: target, direction: -direction)
    if let row, let token = rows.token(atRow: row) {
      // A move that finds no further token in its direction keeps the selection.
      if delta != 0, let current = selectionRow, (row - current) * direction < 0 { return }
      selected = token
    }
  }

  /// Scrolls so that the selection shows in a pane `visible` rows high, with its period's
  /// header when the token is the first below it.
  mutating func keepSelectionVisible(visible: Int) {
    let row = selectionRow
    let anchor = row.map { row in row > 0 && rows.token(atRow: row - 1) == nil ? row - 1 : row }
    scroll = ListPosition.scroll(scroll, keeping: anchor, visible: visible, count: rows.rows.count)
    scroll = ListPosition.scroll(scroll, keeping: row, visible: visible, count: rows.rows.count)
  }
}
