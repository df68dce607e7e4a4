/// A subscription line item's `subscriptionEvent`.
public enum SubscriptionEvent: String, CaseIterable, Codable, Hashable, Sendable {
  case subscriptionStart = "SUBSCRIPTION_START"
  case renewal = "RENEWAL"
  case subscriptionChange = "SUBSCRIPTION_CHANGE"
  case subscriptionPayment = "SUBSCRIPTION_PAYMENT"
}
