import AppleWireTypes
import Foundation
import JSONShield
import LifecycleSimulator

/// Get Notification History's request body (`NotificationHistoryRequest`, SPEC-APPSTORE 4.10),
/// checked as Apple checks it, each problem with Apple's error code.
package struct NotificationHistoryQuery: Hashable {
  package var startDate: VirtualTime
  package var endDate: VirtualTime
  package var notificationType: String?
  package var notificationSubtype: String?
  package var transactionId: String?
  package var onlyFailures: Bool

  /// Apple keeps 180 days of history (**UNCONFIRMED**, SPEC-APPSTORE 4.10): an older startDate is
  /// refused with 4000012, counted back from the virtual now.
  package static let historyWindow: VirtualDuration = 180 * Milliseconds.day
  /// Notifications per page, as Apple pages them.
  package static let pageSize = 20

  /// Every `notificationType` of notifications V2, for the filter (SPEC-APPSTORE 5.3).
  package static let types = Set(NotificationType.allCases.map(\.rawValue))
  /// Every `subtype` (SPEC-APPSTORE 5.4, with the token notification's three, SPEC 8).
  package static let subtypes = Set(NotificationSubtype.allCases.map(\.rawValue))

  /// The query, or the first problem in Apple's order of checks.
  package static func parse(_ body: Data, now: VirtualTime) -> Result<Self, NotificationAPIFailure> {
    guard let fields = try? ShieldedJSON.decode([String: JSONScalar].self, from: body) else {
      return .failure(.init(.generalBadRequest, "the body is not a NotificationHistoryRequest JSON object"))
    }
    guard case .int(let start)? = fields["startDate"] else {
      return .failure(.init(.invalidStartDate, "startDate is required: UNIX time in milliseconds"))
    }
    guard case .int(let end)? = fields["endDate"] else {
      return .failure(.init(.invalidEndDate, "endDate is required: UNIX time in milliseconds"))
    }
    guard end > start else {
      return .failure(.init(.startDateAfterEndDate, "endDate must be after startDate"))
    }
    guard start >= now - historyWindow else {
      return .failure(.init(.startDateTooFarInPast, "startDate is more than 180 days before now"))
    }
    var query = NotificationHistoryQuery(startDate: start, endDate: end, onlyFailures: false)
    switch (fields["notificationType"], fields["notificationSubtype"]) {
    case (nil, nil): break
    case (.string(let type)?, let subtype) where types.contains(type):
      query.notificationType = type
      switch subtype {
      case nil: break
      case .string(let name)? where subtypes.contains(name): query.notificationSubtype = name
      default:
        return .failure(.init(.invalidNotificationType, "notificationSubtype is not a subtype Apple sends"))
      }
    case (nil, _?):
      return .failure(.init(.invalidNotificationType, "notificationSubtype needs notificationType"))
    default: return .failure(.init(.invalidNotificationType, "notificationType is not a type Apple sends"))
    }
    switch fields["transactionId"] {
    case nil: break
    case .string(let id)? where !id.isEmpty && id.allSatisfy(\.isASCIIDigit): query.transactionId = id
    default: return .failure(.init(.invalidTransactionId, "transactionId must be a string of digits"))
    }
    if query.transactionId != nil && query.notificationType != nil {
      return .failure(
        .init(.multipleFiltersSupplied, "give transactionId or notificationType, not both"))
    }
    switch fields["onlyFailures"] {
    case nil: break
    case .bool(let flag)?: query.onlyFailures = flag
    default: return .failure(.init(.generalBadRequest, "onlyFailures must be true or false"))
    }
    return .success(query)
  }

  /// Whether a notification is listed, given the customer the transactionId filter names
  /// (nil when that id is unknown: nothing of a customer matches then).
  package func matches(_ delivery: NotificationDelivery, customer: Int32?) -> Bool {
    guard delivery.dueAt >= startDate, delivery.dueAt < endDate else { return false }
    if let notificationType, delivery.notificationType != notificationType { return false }
    if let notificationSubtype, delivery.subtype != notificationSubtype { return false }
    if transactionId != nil, customer == nil || delivery.customer != customer { return false }
    return !onlyFailures || delivery.hasFailed
  }

  /// Identifies the query inside a pagination token, so a token only pages the query it came from.
  package var fingerprint: UInt64 {
    NotificationLog.fnv1a(
      [
        "\(startDate)", "\(endDate)", notificationType ?? "", notificationSubtype ?? "", transactionId ?? "",
        "\(onlyFailures)",
      ].joined(separator: "|"))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
