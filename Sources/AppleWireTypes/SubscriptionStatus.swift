/// `status` of a subscription (SPEC-APPSTORE 3.3), an integer on the wire.
public enum SubscriptionStatus: Int, Hashable, Sendable, CaseIterable, Codable {
  case active = 1
  case expired = 2
  case billingRetry = 3
  case billingGracePeriod = 4
  case revoked = 5
}
