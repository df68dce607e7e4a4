import AppStoreCommerce
import AppleNotifications
import AppleWireTypes
import LifecycleSimulator
import ServerSightings

/// Notifications V2 for the App Store: made from `commerceEvents`, TEST on request, a mass
/// extension's SUMMARY on demand; and what the terminal UI shows per transaction.
extension MockAppleState {
  private var builder: AppStoreNotificationBuilder {
    AppStoreNotificationBuilder(
      app: world.app, seed: world.seed, commerce: commerce.state,
      signer: SignedCommerceData(authority: authority))
  }

  /// Signs the notifications of the App Store events not turned into notifications yet (they are
  /// added to the log by the caller, in time order with the token notifications).
  package func newAppStoreNotifications() throws -> [NotificationDelivery] {
    let first = notifications.commerceEventsSeen
    guard first < commerceEvents.count else { return [] }
    let builder = self.builder
    var made: [NotificationDelivery] = []
    for index in first..<commerceEvents.count {
      if let delivery = try builder.delivery(for: commerceEvents[index], index: index) {
        made.append(delivery)
      }
    }
    notifications.commerceEventsSeen = commerceEvents.count
    return made
  }

  /// Creates a TEST notification for the host of `environment`, due now; nil when no webhook is
  /// configured (Apple answers 4040007 then). The caller sends it (`NotificationDispatcher`).
  public func requestTestNotification(environment: AppleEnvironment) throws -> NotificationDelivery? {
    guard notificationSettings.webhookURL != nil else { return nil }
    notifications.testsRequested += 1
    let delivery = try builder.test(
      number: notifications.testsRequested, environment: environment, at: world.now)
    notifications.add([delivery], settings: notificationSettings)
    saveNotifications([delivery])
    noteMade(delivery)
    return notifications.delivery(delivery.key)
  }

  /// The TEST notification with this token, on the host of `environment`.
  public func testNotification(token: String, environment: AppleEnvironment) -> NotificationDelivery? {
    notifications.deliveries.first { $0.testNotificationToken == token && $0.environment == environment }
  }

  /// Queues the RENEWAL_EXTENSION / SUMMARY notification of a finished mass extension, due at
  /// `time` (the world's now when nil); it goes out with the next delivery round. Queuing the
  /// same request again changes nothing.
  @discardableResult
  public func enqueueRenewalExtensionSummary(_ summary: RenewalExtensionSummary, at time: VirtualTime? = nil)
    throws -> NotificationDelivery
  {
    let delivery = try builder.summary(summary, at: time ?? world.now)
    if notifications.delivery(delivery.key) == nil {
      notifications.add([delivery], settings: notificationSettings)
      saveNotifications([delivery])
      noteMade(delivery)
    }
    return notifications.delivery(delivery.key) ?? delivery
  }

  /// Notes an App Store API call about these transactions, for `sightingsByTransaction()`.
  public func noteAPICall(_ text: String, transactionIds: [String]) {
    transactionActivity.note(text, transactionIds: transactionIds, at: world.now)
    if !transactionIds.isEmpty { note(.apiCall(description: text, transactionIds: transactionIds)) }
  }

  /// Per transactionId, each notification about it and each API call noted for it, in
  /// virtual-time order: what the terminal UI shows beside a transaction.
  public func sightingsByTransaction() -> [String: [ServerSighting]] {
    var seen: [String: [ServerSighting]] = [:]
    for delivery in notifications.deliveries {
      guard let id = delivery.transactionId else { continue }
      seen[id, default: []].append(sighting(of: delivery))
    }
    for note in transactionActivity.notes {
      for id in note.transactionIds {
        seen[id, default: []].append(.apiCall(description: note.text, at: note.at))
      }
    }
    // Stable by time: the notification before the call noted at the same instant.
    return seen.mapValues { list in
      list.enumerated().sorted { ($0.element.time ?? 0, $0.offset) < ($1.element.time ?? 0, $1.offset) }
        .map(\.element)
    }
  }

  /// A notification and how its delivery stands.
  package func sighting(of delivery: NotificationDelivery) -> ServerSighting {
    let standing: DeliveryStanding
    if let last = delivery.attempts.last {
      standing =
        last.succeeded
        ? .delivered
        : .failed(
          result: last.sendAttemptResult.rawValue,
          failure: last.status.map(String.init) ?? last.error ?? "no answer",
          retrying: delivery.state == .pending)
    } else {
      standing = notificationSettings.webhookURL == nil ? .logged : .due
    }
    return .notification(
      type: delivery.notificationType, subtype: delivery.subtype, dueAt: delivery.dueAt, delivery: standing)
  }
}
