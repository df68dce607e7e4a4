import ExternalPurchaseTokens

extension CommerceState {
  /// The order id on the receipt Apple emails for a charge (Look Up Order ID, SPEC-APPSTORE 4.7):
  /// ten capital letters and digits, derived from the seed and the transaction, so the same world
  /// always gives the same ids. Family members' copies were not charged and have none.
  /// **Assumption:** one order per charged transaction (purchase or renewal); Apple's receipts can
  /// group several purchases, epsim never does.
  public func orderId(of transaction: TransactionRecord) -> String? {
    guard transaction.ownership == .purchased else { return nil }
    var generator = SeededGenerator(seed: seed ^ transaction.transactionId)
    var value = generator.next()
    let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var text = ""
    for _ in 0..<10 {
      text.append(digits[Int(value % 36)])
      value /= 36
    }
    return text
  }

  /// Where a customer's visible history starts in `transactions` (after a sandbox history clear,
  /// the first transaction made since), for indexes kept outside the state.
  public func historyStart(ofCustomer index: Int32) -> Int { Int(historyStart[index] ?? 0) }

  /// The customer's position in `customers`, if known.
  public func customerIndex(of id: String) -> Int32? { customerIndex[id] }
}
