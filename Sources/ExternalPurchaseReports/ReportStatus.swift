/// The `status` of an `ExternalPurchaseReport`: what the report says about its token (SPEC 7).
public enum ReportStatus: String, CaseIterable, Codable, Hashable, Sendable {
  /// Transactions follow in `lineItems`.
  case lineItem = "LINE_ITEM"
  /// The token had no transactions.
  case noLineItem = "NO_LINE_ITEM"
  /// The backend knows the token only from a notification.
  case unrecognizedToken = "UNRECOGNIZED_TOKEN"
  /// Another token of the same active period carries the transactions (ACQUISITION and SERVICES only).
  case duplicateToken = "DUPLICATE_TOKEN"

  /// Only `LINE_ITEM` carries line items; the other three must not.
  public var allowsLineItems: Bool { self == .lineItem }
}
