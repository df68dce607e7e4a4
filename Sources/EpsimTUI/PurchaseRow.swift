import AppStoreCommerce

/// One row of the purchases view: a subscription group, a section heading, or a transaction.
enum PurchaseRow: Hashable, Sendable {
  /// A subscription chain of the customer (index into the App Store's chains).
  case group(chain: Int)
  /// "One-time purchases" and the like.
  case heading(String)
  /// A transaction (index into the App Store's transaction log), under its group or heading.
  case transaction(position: Int)

  /// The rows for one customer: each subscription group with its chain of transactions, newest
  /// last, then the purchases outside any subscription.
  static func rows(of customerId: String, in state: CommerceState) -> [PurchaseRow] {
    guard let customer = state.customer(customerId) else { return [] }
    let owned = state.transactions(of: customerId)
    var rows: [PurchaseRow] = []
    for (index, chain) in state.chains.enumerated()
    where state.customers[Int(chain.customer)].id == customer.id {
      let chainTransactions = owned.filter { $0.chain == Int32(index) && $0.ownership == .purchased }
      guard !chainTransactions.isEmpty else { continue }  // cleared from a sandbox history
      rows.append(.group(chain: index))
      rows += chainTransactions.compactMap { state.transactions.position(of: $0.transactionId) }.map {
        .transaction(position: $0)
      }
    }
    let sections: [(String, (TransactionRecord) -> Bool)] = [
      ("One-time purchases", { $0.chain < 0 && $0.ownership == .purchased }),
      ("Shared by the family", { $0.ownership == .familyShared }),
    ]
    for (title, belongs) in sections {
      let section = owned.filter(belongs)
      guard !section.isEmpty else { continue }
      rows.append(.heading(title))
      rows += section.compactMap { state.transactions.position(of: $0.transactionId) }.map {
        .transaction(position: $0)
      }
    }
    return rows
  }
}
