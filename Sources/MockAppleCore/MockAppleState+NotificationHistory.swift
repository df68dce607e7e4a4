import AppStoreCommerce
import AppleNotifications
import AppleWireTypes
import LifecycleSimulator

/// Get Notification History over the server's notification log, per environment.
extension MockAppleState {
  /// One page of the notifications of `environment` that match `query`, oldest first, after the
  /// position `pageToken` names (the first page without one).
  package func notificationHistory(
    _ query: NotificationHistoryQuery, environment: AppleEnvironment, pageToken: String?
  )
    -> Result<NotificationHistoryResponse, NotificationAPIFailure>
  {
    let now = world.now
    var start = 0
    if let pageToken {
      guard let token = HistoryPageToken(text: pageToken), token.environment == environment,
        token.fingerprint == query.fingerprint, token.position <= notifications.deliveries.count
      else {
        return .failure(.init(.invalidPaginationToken, "paginationToken was not issued for this request"))
      }
      guard now <= token.issuedAt + HistoryPageToken.lifetime else {
        return .failure(
          .init(.paginationTokenExpired, "paginationToken has expired; start again without one"))
      }
      start = token.position
    }
    let customer = query.transactionId.flatMap(customer(identifiedBy:))
    let deliveries = notifications.deliveries
    var page: [NotificationHistoryItem] = []
    var index = start
    var hasMore = false
    while index < deliveries.count {
      let delivery = deliveries[index]
      if delivery.environment == environment && query.matches(delivery, customer: customer) {
        if page.count == NotificationHistoryQuery.pageSize {
          hasMore = true
          break
        }
        page.append(NotificationHistoryItem(delivery))
      }
      index += 1
    }
    let next = HistoryPageToken(
      environment: environment, fingerprint: query.fingerprint, position: index, issuedAt: now)
    return .success(
      NotificationHistoryResponse(
        notificationHistory: page, hasMore: hasMore, paginationToken: hasMore ? next.text : nil))
  }

  /// The App Store customer one of their ids names: any transactionId (original ones too) or
  /// their appTransactionId.
  private func customer(identifiedBy id: String) -> Int32? {
    if let transaction = commerce.state.transaction(id) { return transaction.customer }
    return commerce.state.customers.firstIndex { $0.appTransactionId == id }.map { Int32($0) }
  }
}

/// `NotificationHistoryResponse`.
package struct NotificationHistoryResponse: Encodable {
  package var notificationHistory: [NotificationHistoryItem]
  package var hasMore: Bool
  /// Present while `hasMore`: the token of the next page.
  package var paginationToken: String?
}

/// A notification as history and Get Test Notification Status show it: the payload as sent and
/// every attempt (`NotificationHistoryResponseItem`, `CheckTestNotificationResponse`).
package struct NotificationHistoryItem: Encodable {
  package var signedPayload: String
  package var sendAttempts: [SendAttemptItem]

  package init(_ delivery: NotificationDelivery) {
    signedPayload = delivery.signedPayload
    sendAttempts = delivery.attempts.map {
      SendAttemptItem(attemptDate: $0.at, sendAttemptResult: $0.sendAttemptResult.rawValue)
    }
  }
}

/// `SendAttemptItem`: when an attempt was made (virtual time) and how it ended.
package struct SendAttemptItem: Encodable {
  package var attemptDate: Int64
  package var sendAttemptResult: String
}
