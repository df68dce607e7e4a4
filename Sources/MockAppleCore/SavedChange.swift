import AppleNotifications
import AppleWireTypes
import ExternalPurchaseReports
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// One change of the server's state as its journal keeps it (`epsim serve --state`), in the order
/// the server made them. Replayed in order on the starting world, they rebuild the same state.
package enum SavedChange: Codable {
  /// The history after a change: the first `keep` steps stay, `steps` follow them, and the
  /// cursor stands after `position` steps (an undo moves only the cursor). `wallClock` is the real
  /// time (milliseconds since 1970) the virtual clock last caught up with, under `--clock wall`.
  case history(keep: Int, steps: [SavedStep], position: Int, wallClock: Int64?)
  /// The history started over on a new world (the terminal UI's `W`).
  case startOver(FreshStart)
  /// A report Apple's side accepted.
  case report(ExternalPurchaseReport, environment: TokenEnvironment)
  /// Notifications created, signed as they were sent, and the counters that keep their keys.
  case notifications([SavedDelivery], commerceEventsSeen: Int, testsRequested: Int)
  /// Deliveries handed out to be sent: written before the first byte goes to the webhook.
  case sending([String])
  /// What one send attempt came to.
  case attempt(key: String, attempt: DeliveryAttempt)
  /// An attempt the server stopped in the middle of: not sent again
  /// (docs/decisions/0145-a-durable-server-state-dir-and-clock-wall.md).
  case abandoned(key: String, attempt: DeliveryAttempt)
}

/// A step of the history, the default customer after it, and the door that made it (absent in
/// state format 1: read as `unknown`).
package struct SavedStep: Codable {
  package var step: WorldStep
  package var lastCustomer: String?
  package var origin: StepOrigin?
  /// The clock move the step was asked as, when it named a moment, as the control API's members.
  package var move: CommandFields?
}

extension SavedStep {
  /// The saved clock move, read back (nil when none was saved or it no longer reads).
  var clockMove: ClockMove? {
    guard let move, case .advance(let clockMove)? = try? WorldCommand(fields: move) else { return nil }
    return clockMove
  }
}

/// A notification as the journal keeps it: every field, the signed payload byte for byte.
package struct SavedDelivery: Codable {
  package var key: String
  package var notificationUUID: String
  package var notificationType: String
  package var subtype: String?
  package var externalPurchaseId: String?
  package var transactionId: String?
  package var originalTransactionId: String?
  package var customer: Int32?
  package var testNotificationToken: String?
  package var environment: AppleEnvironment
  package var dueAt: VirtualTime
  package var signedPayload: String

  package init(_ delivery: NotificationDelivery) {
    key = delivery.key
    notificationUUID = delivery.notificationUUID
    notificationType = delivery.notificationType
    subtype = delivery.subtype
    externalPurchaseId = delivery.externalPurchaseId
    transactionId = delivery.transactionId
    originalTransactionId = delivery.originalTransactionId
    customer = delivery.customer
    testNotificationToken = delivery.testNotificationToken
    environment = delivery.environment
    dueAt = delivery.dueAt
    signedPayload = delivery.signedPayload
  }

  /// The notification before its first attempt (the log sets when that falls due).
  package var delivery: NotificationDelivery {
    NotificationDelivery(
      key: key, notificationUUID: notificationUUID, notificationType: notificationType, subtype: subtype,
      externalPurchaseId: externalPurchaseId, transactionId: transactionId,
      originalTransactionId: originalTransactionId, customer: customer,
      testNotificationToken: testNotificationToken, environment: environment, dueAt: dueAt,
      signedPayload: signedPayload, attempts: [], nextAttemptAt: nil, state: .pending)
  }
}
