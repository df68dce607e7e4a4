import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension TUIState {
  /// The transaction selected in the purchases view (only while it is shown).
  var selectedStoreTransaction: TransactionRecord? {
    guard showsPurchases, let id = selectedTransaction else { return nil }
    return store.state.transaction(String(id))
  }

  /// The subscription chain of the selected transaction, if it belongs to one the customer bought.
  var selectedChain: SubscriptionChain? {
    guard let transaction = selectedStoreTransaction, transaction.chain >= 0,
      transaction.ownership == .purchased
    else { return nil }
    return store.state.chains[Int(transaction.chain)]
  }

  /// Row of the selected transaction in the purchases view.
  var purchaseSelectionRow: Int? {
    guard let id = selectedTransaction else { return nil }
    let transactions = store.state.transactions
    return purchaseRows.firstIndex {
      if case .transaction(let position) = $0 { return transactions[position].transactionId == id }
      return false
    }
  }

  /// The transaction id on a row, if the row is a transaction.
  func transactionId(atPurchaseRow row: Int) -> UInt64? {
    guard purchaseRows.indices.contains(row), case .transaction(let position) = purchaseRows[row] else {
      return nil
    }
    return store.state.transactions[position].transactionId
  }

  /// Rebuilds the purchases view's rows; keeps the selection on a row, the newest purchase by default.
  mutating func refreshPurchases() {
    purchaseRows = selectedCustomerId.map { PurchaseRow.rows(of: $0, in: store.state) } ?? []
    if purchaseSelectionRow == nil {
      let newest = purchaseRows.indices.compactMap { row -> (Int, UInt64)? in
        guard case .transaction(let position) = purchaseRows[row] else { return nil }
        return (position, store.state.transactions[position].transactionId)
      }.max { $0.0 < $1.0 }
      selectedTransaction = newest?.1
    }
    // Show the selection, and the group heading above the first transaction of a chain.
    let visible = ScreenLayout.innerHeight(layout.tokens)
    let row = purchaseSelectionRow
    let anchor = row.map { $0 > 0 && transactionId(atPurchaseRow: $0 - 1) == nil ? $0 - 1 : $0 }
    purchaseScroll = ListPosition.scroll(
      purchaseScroll, keeping: anchor, visible: visible, count: purchaseRows.count)
    purchaseScroll = ListPosition.scroll(
      purchaseScroll, keeping: row, visible: visible, count: purchaseRows.count)
  }

  /// Moves to the transaction `delta` rows away, skipping group and heading rows.
  mutating func movePurchaseSelection(by delta: Int) {
    guard !purchaseRows.isEmpty else { return }
    let current = purchaseSelectionRow ?? (delta > 0 ? -1 : purchaseRows.count)
    let target = ListPosition.clamp(current.addingClamped(delta), to: purchaseRows.count)
    let direction = delta >= 0 ? 1 : -1
    let forward = stride(from: target, to: direction > 0 ? purchaseRows.count : -1, by: direction)
    let backward = stride(from: target, to: direction > 0 ? -1 : purchaseRows.count, by: -direction)
    guard
      let row = forward.first(where: { transactionId(atPurchaseRow: $0) != nil })
        ?? backward.first(where: { transactionId(atPurchaseRow: $0) != nil })
    else { return }
    // A move that finds no further transaction in its direction keeps the selection.
    if delta != 0, let current = purchaseSelectionRow, (row - current) * direction < 0 { return }
    selectedTransaction = transactionId(atPurchaseRow: row)
  }
}
