import LifecycleSimulator

/// One notification and every attempt to deliver it.
public struct NotificationDelivery: Hashable, Sendable, Encodable {
  public var key: String
  public var notificationUUID: String
  public var subtype: NotificationSubtype
  public var externalPurchaseId: String
  public var environment: String
  /// The virtual time it fell due (its `signedDate`).
  public var dueAt: VirtualTime
  /// The `signedPayload` JWS as sent.
  public var signedPayload: String
  public var attempts: [DeliveryAttempt]
  /// When the next attempt falls due on the virtual clock; nil once delivered or given up.
  public var nextAttemptAt: VirtualTime?
  public var state: DeliveryState

  private enum CodingKeys: String, CodingKey {
    case notificationUUID, subtype, externalPurchaseId, environment, dueAt, signedPayload, attempts,
      nextAttemptAt,
      state
  }
}

/// Where a delivery stands.
public enum DeliveryState: String, Hashable, Sendable, Encodable {
  case pending
  /// The webhook answered 2xx.
  case delivered
  /// Every retry failed.
  case failed
  /// No webhook is configured: logged only.
  case notSent = "not-sent"
}

/// One POST to the webhook.
public struct DeliveryAttempt: Hashable, Sendable, Encodable {
  /// The virtual time the attempt belongs to (the due time, or a retry time).
  public var at: VirtualTime
  /// The HTTP status, or nil when the request failed before an answer.
  public var status: Int?
  /// What went wrong, when something did.
  public var error: String?

  public init(at: VirtualTime, status: Int?, error: String?) {
    self.at = at
    self.status = status
    self.error = error
  }

  public var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
}
