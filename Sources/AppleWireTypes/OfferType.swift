/// Apple's offer types, with the integers of `offerType` (SPEC-APPSTORE 3.1).
public enum OfferType: Int, Hashable, Sendable, CaseIterable, Codable {
  case introductory = 1
  case promotional = 2
  case offerCode = 3
  case winBack = 4
}
