/// `revocationReason` (SPEC-APPSTORE 3.1), an integer on the wire.
public enum RevocationReason: Int, Hashable, Sendable, Codable {
  case other = 0
  case appIssue = 1
}
