/// `transactionReason` (SPEC-APPSTORE 3.1): a purchase the customer made, or a renewal.
public enum TransactionReason: String, Hashable, Sendable, Codable {
  case purchase = "PURCHASE"
  case renewal = "RENEWAL"
}
