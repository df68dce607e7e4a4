/// What the developer tells Apple about a transaction through the App Store Server API and Apple
/// keeps: Finish Transaction (SPEC-APPSTORE 4.3) and Send Consumption Information (4.9). Both are
/// part of the state, so they are journaled, undone and restored like any other change.
extension CommerceState {
  /// Marks a transaction finished. Finishing it again changes nothing (Apple answers 200 again).
  mutating func finishTransaction(_ transactionId: String, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let index = try existingTransaction(transactionId)
    let id = transactions[Int(index)].transactionId
    guard finishedTransactions.insert(id).inserted else { return }
    out.append(transactionEvent(nil, transaction: index, summary: "finished by the developer"))
  }

  /// Keeps the newest consumption information sent for a transaction, replacing an earlier one.
  mutating func keepConsumptionInformation(
    _ fields: [String: String], for transactionId: String, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let index = try existingTransaction(transactionId)
    consumptionInformation[transactions[Int(index)].transactionId] = fields
    out.append(transactionEvent(nil, transaction: index, summary: "consumption information received"))
  }

  /// Whether the developer finished the transaction.
  public func isFinished(_ transactionId: UInt64) -> Bool { finishedTransactions.contains(transactionId) }
}
