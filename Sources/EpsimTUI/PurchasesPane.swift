import AppStoreCommerce

/// The purchases pane's own state (`p` shows it in the tokens pane's place): whether it is
/// shown, the selected transaction, the scroll, and the rows of the selected customer's purchases.
struct PurchasesPane: Hashable, Sendable {
  /// Whether the middle pane shows the selected customer's App Store purchases instead of tokens.
  var isShown = false
  /// The selected transaction's transactionId.
  var selected: UInt64?
  var scroll = 0
  /// Derived from the App Store by `refresh`, so that drawing only reads.
  private(set) var rows: [PurchaseRow] = []
  /// The transactionId on each row (nil on a group or heading row), so that moving needs no App Store.
  private var transactionIds: [UInt64?] = []

  /// Row of the selected transaction.
  var selectionRow: Int? {
    guard let selected else { return nil }
    return transactionIds.firstIndex(of: selected)
  }

  /// How many transactions the rows list.
  var transactionCount: Int { transactionIds.count(where: { $0 != nil }) }

  /// Rebuilds the rows for `customer`'s purchases (none without a customer).
  mutating func refresh(customer: String?, in state: CommerceState) {
    replaceRows(customer.map { PurchaseRow.rows(of: $0, in: state) } ?? []) {
      state.transactions[$0].transactionId
    }
  }

  /// Takes new rows, `transactionId` naming the transaction at a log position; keeps the
  /// selection on a transaction row, the newest purchase by default.
  mutating func replaceRows(_ rows: [PurchaseRow], transactionId: (Int) -> UInt64) {
    self.rows = rows
    var newest: (position: Int, id: UInt64)?
    transactionIds = rows.map { row in
      guard case .transaction(let position) = row else { return nil }
      let id = transactionId(position)
      if position > newest?.position ?? Int.min { newest = (position, id) }
      return id
    }
    if selectionRow == nil { selected = newest?.id }
  }

  /// Moves to the transaction `delta` rows away, skipping group and heading rows.
  mutating func moveSelection(by delta: Int) {
    guard !rows.isEmpty else { return }
    let current = selectionRow ?? (delta > 0 ? -1 : rows.count)
    let target = ListPosition.clamp(current.addingClamped(delta), to: rows.count)
    let direction = delta >= 0 ? 1 : -1
    let forward = stride(from: target, to: direction > 0 ? rows.count : -1, by: direction)
    let backward = stride(from: target, to: direction > 0 ? -1 : rows.count, by: -direction)
    guard
      let row = forward.first(where: { transactionIds[$0] != nil })
        ?? backward.first(where: { transactionIds[$0] != nil })
    else { return }
    // A move that finds no further transaction in its direction keeps the selection.
    if delta != 0, let current = selectionRow, (row - current) * direction < 0 { return }
    selected = transactionIds[row]
  }

  /// Scrolls so that the selection shows in a pane `visible` rows high, with the group heading
  /// above the first transaction of a chain.
  mutating func keepSelectionVisible(visible: Int) {
    let row = selectionRow
    let anchor = row.map { $0 > 0 && transactionIds[$0 - 1] == nil ? $0 - 1 : $0 }
    scroll = ListPosition.scroll(scroll, keeping: anchor, visible: visible, count: rows.count)
    scroll = ListPosition.scroll(scroll, keeping: row, visible: visible, count: rows.count)
  }
}
