import SimulationTime

/// Set App Account Token (SPEC-APPSTORE 4.6): the developer attaches a UUID to a purchase after
/// the fact.
extension CommerceState {
  /// For a subscription the token goes on the chain, so the current transaction and every later
  /// renewal carry it, earlier ones keep theirs; for any other product, on the one transaction.
  mutating func setAppAccountToken(
    originalTransactionId: String, token: String, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let index = try existingTransaction(originalTransactionId)
    let transaction = transactions[Int(index)]
    guard transaction.transactionId == transaction.originalTransactionId else {
      throw CommerceError("\(originalTransactionId) is not an original transaction id")
    }
    guard transaction.ownership == .purchased else {
      throw CommerceError(
        "\(originalTransactionId) is a family member's copy; set the token on the purchaser's")
    }
    guard transaction.chain >= 0 else {
      modifyTransaction(index) { $0.appAccountToken = token }
      out.append(transactionEvent(nil, transaction: index, summary: "app account token set"))
      return
    }
    let chain = transaction.chain
    chains[Int(chain)].appAccountToken = token
    modifyTransaction(chains[Int(chain)].latestTransaction) { $0.appAccountToken = token }
    out.append(chainEvent(nil, chain: chain, summary: "app account token set"))
  }
}
