/// `revocationType` (SPEC-APPSTORE 3.1): how a transaction was taken back.
public enum RevocationType: String, Hashable, Sendable, Codable {
  case refundFull = "REFUND_FULL"
  case refundProrated = "REFUND_PRORATED"
  case familyRevoke = "FAMILY_REVOKE"
}
