/// A line item's `eventType`: a purchase or a refund.
public enum LineItemEventType: String, CaseIterable, Codable, Hashable, Sendable {
  case buy = "BUY"
  /// A refund or chargeback of an earlier `BUY`, named by `referenceLineItemId`.
  case refund = "REFUND"
}
