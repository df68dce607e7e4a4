/// `errorCode`s of answers that are not about a report's contents. 4290000 is the App Store
/// Server API's published rate-limit code; the others are epsim's, in the same style.
package enum GeneralErrorCode {
  package static let malformedRequest: Int64 = 4_000_000
  package static let unauthorized: Int64 = 4_010_000
  package static let reportNotFound: Int64 = 4_040_000
  /// The control API's App Store has no customer by that id (they join with their first purchase).
  package static let customerNotFound: Int64 = 4_040_100
  /// The control API's App Store customer has no transaction by that id.
  package static let transactionNotFound: Int64 = 4_040_101
  package static let conflict: Int64 = 4_090_000
  package static let bodyTooLarge: Int64 = 4_130_000
  package static let rateLimitExceeded: Int64 = 4_290_000
}
