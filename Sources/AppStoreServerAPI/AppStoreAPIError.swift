import Hummingbird
import MockAppleHTTP

/// An App Store Server API error: Apple's HTTP status and numeric `errorCode` (SPEC-APPSTORE 4.11),
/// with a message that starts with Apple's error name and says what was wrong.
package struct AppStoreAPIError: Error {
  package var status: HTTPResponse.Status
  /// Nil only for Apple's "400 without an error code" (a body that cannot be read at all).
  package var code: Int64?
  package var message: String

  package init(_ status: HTTPResponse.Status, _ code: Int64?, _ name: String, _ detail: String) {
    self.status = status
    self.code = code
    message = "\(name): \(detail)"
  }

  package var response: Response {
    guard let code else { return JSONResponse.make(status, ["errorMessage": message]) }
    return JSONResponse.error(status, code: code, message)
  }

  package static func generalBadRequest(_ detail: String) -> Self {
    Self(.badRequest, 4_000_000, "GeneralBadRequestError", detail)
  }
  package static func malformed(_ detail: String) -> Self {
    Self(.badRequest, nil, "MalformedRequest", detail)
  }
  package static func invalidRevision(_ value: String) -> Self {
    Self(
      .badRequest, 4_000_005, "InvalidRequestRevisionError", "revision '\(value)' is not one epsim gave out")
  }
  package static func invalidTransactionId(_ value: String) -> Self {
    Self(
      .badRequest, 4_000_006, "InvalidTransactionIdError", "'\(value)' is not a transaction id (digits only)")
  }
  package static func invalidOriginalTransactionId(_ value: String) -> Self {
    Self(
      .badRequest, 4_000_008, "InvalidOriginalTransactionIdError",
      "'\(value)' is not an original transaction id (digits only)")
  }
  package static func transactionNotFound(_ value: String) -> Self {
    Self(.notFound, 4_040_010, "TransactionIdNotFoundError", "no transaction \(value) in this environment")
  }
  package static func originalTransactionNotFound(_ value: String) -> Self {
    Self(
      .notFound, 4_040_005, "OriginalTransactionIdNotFoundError",
      "no original transaction \(value) in this environment")
  }
  package static func rateLimited(_ endpoint: AppStoreEndpoint) -> Self {
    Self(
      .tooManyRequests, 4_290_000, "RateLimitExceededError",
      "the \(endpoint.name) limit for this window is used up; see Retry-After")
  }
}

/// Reads a path's transaction id: digits only, as Apple writes them (SPEC-APPSTORE 0).
package func transactionNumber(_ text: String) -> UInt64? {
  guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
  return UInt64(text)
}
