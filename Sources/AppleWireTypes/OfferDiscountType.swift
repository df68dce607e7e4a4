/// How an offer discounts, as `offerDiscountType` writes it (SPEC-APPSTORE 3.1).
public enum OfferDiscountType: String, Hashable, Sendable, CaseIterable, Codable {
  case freeTrial = "FREE_TRIAL"
  case payAsYouGo = "PAY_AS_YOU_GO"
  case payUpFront = "PAY_UP_FRONT"
  case oneTime = "ONE_TIME"
}
