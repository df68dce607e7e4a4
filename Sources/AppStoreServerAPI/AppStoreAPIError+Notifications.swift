import AppleNotifications
import Hummingbird

extension AppStoreAPIError {
  /// A notification endpoint's error: 404 for the not-found codes, 400 for the others.
  package init(_ code: NotificationAPIErrorCode, _ detail: String) {
    self.init(code.rawValue >= 4_040_000 ? .notFound : .badRequest, code.rawValue, code.name, detail)
  }

  /// The answer to a refusal the notification log or query made.
  package init(_ failure: NotificationAPIFailure) { self.init(failure.code, failure.detail) }
}
