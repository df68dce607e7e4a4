/// `expirationIntent` (SPEC-APPSTORE 3.2): why a subscription ended, an integer on the wire.
public enum ExpirationIntent: Int, Hashable, Sendable, CaseIterable, Codable {
  case customerCancelled = 1
  case billingError = 2
  case noPriceIncreaseConsent = 3
  case productNotAvailable = 4
  case other = 5
}
