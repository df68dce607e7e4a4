import Hummingbird

/// An App Store Server API error answer: HTTP status, Apple's `errorCode` and a message saying
/// what was wrong (SPEC-APPSTORE 4.11).
struct AppStoreAPIError: Error, Hashable {
  /// The codes the notification endpoints answer with, by Apple's names.
  enum Code: Int64 {
    case generalBadRequest = 4_000_000
    case invalidTransactionId = 4_000_006
    case startDateTooFarInPast = 4_000_012
    case startDateAfterEndDate = 4_000_013
    case invalidPaginationToken = 4_000_014
    case invalidStartDate = 4_000_015
    case invalidEndDate = 4_000_016
    case paginationTokenExpired = 4_000_017
    case invalidNotificationType = 4_000_018
    case multipleFiltersSupplied = 4_000_019
    case invalidTestNotificationToken = 4_000_020
    case serverNotificationURLNotFound = 4_040_007
    case testNotificationNotFound = 4_040_008

    var status: HTTPResponse.Status { rawValue >= 4_040_000 ? .notFound : .badRequest }
  }

  var code: Code
  var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  var response: Response { JSONResponse.error(code.status, code: code.rawValue, message) }
}
