/// The errors of the notification endpoints (SPEC-APPSTORE 4.10, 4.11), by Apple's names.
package enum NotificationAPIErrorCode: Int64 {
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

  /// Apple's error name, which starts the message.
  package var name: String {
    switch self {
    case .generalBadRequest: return "GeneralBadRequestError"
    case .invalidTransactionId: return "InvalidTransactionIdError"
    case .startDateTooFarInPast: return "StartDateTooFarInPastError"
    case .startDateAfterEndDate: return "StartDateAfterEndDateError"
    case .invalidPaginationToken: return "InvalidPaginationTokenError"
    case .invalidStartDate: return "InvalidStartDateError"
    case .invalidEndDate: return "InvalidEndDateError"
    case .paginationTokenExpired: return "PaginationTokenExpiredError"
    case .invalidNotificationType: return "InvalidNotificationTypeError"
    case .multipleFiltersSupplied: return "MultipleFiltersSuppliedError"
    case .invalidTestNotificationToken: return "InvalidTestNotificationTokenError"
    case .serverNotificationURLNotFound: return "ServerNotificationURLNotFoundError"
    case .testNotificationNotFound: return "TestNotificationNotFoundError"
    }
  }
}

/// A notification endpoint's refusal before it is an HTTP answer: Apple's code and what was wrong.
package struct NotificationAPIFailure: Error, Equatable {
  package var code: NotificationAPIErrorCode
  package var detail: String

  package init(_ code: NotificationAPIErrorCode, _ detail: String) {
    self.code = code
    self.detail = detail
  }
}
