import AppleWireTypes
import LifecycleSimulator

/// One notification (EXTERNAL_PURCHASE_TOKEN, an App Store event or TEST) and every attempt to
/// deliver it.
public struct NotificationDelivery: Hashable, Sendable, Encodable {
  public var key: String
  public var notificationUUID: String
  /// `notificationType` as in the payload: `EXTERNAL_PURCHASE_TOKEN`, `DID_RENEW`, `TEST`, ...
  public var notificationType: String
  /// `subtype` as in the payload, when it has one.
  public var subtype: String?
  /// For EXTERNAL_PURCHASE_TOKEN: the token concerned.
  public var externalPurchaseId: String?
  /// For App Store events: the transaction the payload signs, and its original transaction.
  public var transactionId: String?
  public var originalTransactionId: String?
  /// For App Store events: the App Store customer (their index), so history can be asked per customer.
  public var customer: Int32?
  /// For TEST notifications: the token Get Test Notification Status takes.
  public var testNotificationToken: String?
  /// `Production` or `Sandbox`: which host's history lists it, and whether failures are retried.
  public var environment: AppleEnvironment
  /// The virtual time it fell due (its `signedDate`).
  public var dueAt: VirtualTime
  /// The `signedPayload` JWS as sent.
  public var signedPayload: String
  public var attempts: [DeliveryAttempt]
  /// When the next attempt falls due on the virtual clock; nil once delivered or given up.
  public var nextAttemptAt: VirtualTime?
  public var state: DeliveryState

  package init(
    key: String, notificationUUID: String, notificationType: String, subtype: String? = nil,
    externalPurchaseId: String? = nil, transactionId: String? = nil, originalTransactionId: String? = nil,
    customer: Int32? = nil, testNotificationToken: String? = nil, environment: AppleEnvironment,
    dueAt: VirtualTime,
    signedPayload: String, attempts: [DeliveryAttempt], nextAttemptAt: VirtualTime? = nil,
    state: DeliveryState
  ) {
    self.key = key
    self.notificationUUID = notificationUUID
    self.notificationType = notificationType
    self.subtype = subtype
    self.externalPurchaseId = externalPurchaseId
    self.transactionId = transactionId
    self.originalTransactionId = originalTransactionId
    self.customer = customer
    self.testNotificationToken = testNotificationToken
    self.environment = environment
    self.dueAt = dueAt
    self.signedPayload = signedPayload
    self.attempts = attempts
    self.nextAttemptAt = nextAttemptAt
    self.state = state
  }

  private enum CodingKeys: String, CodingKey {
    case notificationUUID, notificationType, subtype, externalPurchaseId, transactionId,
      originalTransactionId,
      environment, dueAt, signedPayload, attempts, nextAttemptAt, state
  }

  /// Whether Apple would list it under `onlyFailures`: an attempt failed and none succeeded
  /// (given up, or still being retried).
  public var hasFailed: Bool {
    state == .failed || (state == .pending && !attempts.isEmpty)
  }
}

/// Where a delivery stands.
public enum DeliveryState: String, Hashable, Sendable, Codable {
  case pending
  /// The webhook answered 2xx.
  case delivered
  /// Every retry failed (in sandbox: the one attempt failed).
  case failed
  /// No webhook is configured: logged only.
  case notSent = "not-sent"
}

/// One POST to the webhook.
public struct DeliveryAttempt: Hashable, Sendable, Codable {
  /// The virtual time the attempt belongs to (the due time, or a retry time).
  public var at: VirtualTime
  /// The HTTP status, or nil when the request failed before an answer.
  public var status: Int?
  /// What went wrong, when something did.
  public var error: String?
  /// Apple's `sendAttemptResult` for it (SPEC-APPSTORE 4.10).
  public var sendAttemptResult: SendAttemptResult

  /// An attempt whose result follows from the status alone (an answer, or `OTHER` without one).
  public init(at: VirtualTime, status: Int?, error: String?) {
    self.init(at: at, status: status, error: error, result: SendAttemptResult(status: status))
  }

  public init(at: VirtualTime, status: Int?, error: String?, result: SendAttemptResult) {
    self.at = at
    self.status = status
    self.error = error
    self.sendAttemptResult = result
  }

  public var succeeded: Bool { sendAttemptResult == .success }
}
