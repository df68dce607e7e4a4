/// `inAppOwnershipType` (SPEC-APPSTORE 3.1): bought by the customer, or shared by their family.
public enum OwnershipType: String, Hashable, Sendable, Codable {
  case purchased = "PURCHASED"
  case familyShared = "FAMILY_SHARED"
}
