import AppleNotifications
import Foundation
import LifecycleSimulator

/// Sends whatever notifications are due after the world or the App Store changed (token
/// notifications and App Store events alike, in time order), retrying failures whose retry time
/// the virtual clock has also passed, until nothing more is due.
package struct NotificationDispatcher: Sendable {
  package let state: MockAppleState

  package init(state: MockAppleState) {
    self.state = state
  }

  /// The deliveries attempted (or logged) in this round, as they stand afterwards.
  package func deliverDue() async throws -> [NotificationDelivery] {
    // The settings are a nonisolated constant of the actor: no hop to read them.
    let sender = state.notificationSettings.webhookURL.flatMap(URL.init(string:)).map {
      WebhookSender(url: $0, timeout: state.notificationSettings.webhookTimeout)
    }
    var touched: [String] = []
    let before = await state.notifications.deliveries.count
    while true {
      let due = try await state.takeDueDeliveries()
      guard let sender, !due.isEmpty else { break }
      // The "sending" marker (and all before it) is on disk before any byte goes out.
      await state.saved.waitUntilSaved()
      for delivery in due {
        let (status, error, result) = await sender.send(signedPayload: delivery.signedPayload)
        let at = delivery.nextAttemptAt ?? delivery.dueAt
        await state.record(
          DeliveryAttempt(at: at, status: status, error: error, result: result), for: delivery.key)
        touched.append(delivery.key)
      }
    }
    return await state.notifications.deliveries(addedSince: before, orWithKeys: touched)
  }
}
