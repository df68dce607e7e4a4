/// Apple's `sendAttemptResult` values (SPEC-APPSTORE 4.10): how one POST to the webhook ended.
public enum SendAttemptResult: String, Hashable, Sendable, Codable, CaseIterable {
  case success = "SUCCESS"
  case timedOut = "TIMED_OUT"
  case tlsIssue = "TLS_ISSUE"
  case circularRedirect = "CIRCULAR_REDIRECT"
  case noResponse = "NO_RESPONSE"
  case socketIssue = "SOCKET_ISSUE"
  case unsupportedCharset = "UNSUPPORTED_CHARSET"
  case invalidResponse = "INVALID_RESPONSE"
  case prematureClose = "PREMATURE_CLOSE"
  case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
  case other = "OTHER"

  /// From an HTTP answer: 200 to 206 is a success, as Apple counts it (SPEC-APPSTORE 5.1); any
  /// other code is `UNSUCCESSFUL_HTTP_RESPONSE_CODE`. No answer at all, without more said, is `OTHER`.
  public init(status: Int?) {
    guard let status else {
      self = .other
      return
    }
    self = (200...206).contains(status) ? .success : .unsuccessfulHTTPResponseCode
  }

  /// From a request that got no HTTP answer. **Assumption:** Apple does not say which network
  /// failure is which value; epsim maps each to the nearest name (docs/server-reference.md).
  package init(failure: WebhookFailure) {
    switch failure {
    case .timedOut: self = .timedOut
    case .noResponse: self = .noResponse
    case .prematureClose: self = .prematureClose
    case .tls: self = .tlsIssue
    case .tooManyRedirects: self = .circularRedirect
    case .invalidResponse: self = .invalidResponse
    case .unsupportedURL, .other: self = .other
    }
  }
}
