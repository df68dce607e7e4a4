import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension TUIState {
  /// Whether the middle pane shows the purchases pane rather than the tokens pane.
  var showsPurchases: Bool { purchasesPane.isShown }

  /// The transaction selected in the purchases view (only while it is shown).
  var selectedStoreTransaction: TransactionRecord? {
    guard showsPurchases, let id = purchasesPane.selected else { return nil }
    return store.state.transaction(String(id))
  }

  /// The subscription chain of the selected transaction, if it belongs to one the customer bought.
  var selectedChain: SubscriptionChain? {
    guard let transaction = selectedStoreTransaction, transaction.chain >= 0,
      transaction.ownership == .purchased
    else { return nil }
    return store.state.chains[Int(transaction.chain)]
  }

  /// Rebuilds the purchases view's rows for the selected customer and keeps the selection shown.
  mutating func refreshPurchases() {
    purchasesPane.refresh(customer: selectedCustomerId, in: store.state)
    paneNeeds.list = PurchasesPane.contentWidths(of: purchasesPane.rows, state: store.state)
    paneNeeds.listRows = purchasesPane.rows.count
    purchasesPane.keepSelectionVisible(visible: ScreenLayout.innerHeight(layout.tokens))
  }
}
