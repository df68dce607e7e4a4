/// `consumptionRequestReason` (SPEC-APPSTORE 4.9): why a customer asked for a refund, carried by
/// the CONSUMPTION_REQUEST notification's `data`.
public enum ConsumptionRequestReason: String, Hashable, Sendable, CaseIterable, Codable {
  case unintendedPurchase = "UNINTENDED_PURCHASE"
  case fulfillmentIssue = "FULFILLMENT_ISSUE"
  case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
  case legal = "LEGAL"
  case other = "OTHER"
}
