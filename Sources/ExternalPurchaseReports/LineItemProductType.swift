/// A line item's `productType`: bought once, or renewing periodically.
public enum LineItemProductType: String, CaseIterable, Codable, Hashable, Sendable {
  case oneTimeBuy = "ONE_TIME_BUY"
  case subscription = "SUBSCRIPTION"
}
