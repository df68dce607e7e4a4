import ExternalPurchaseTokens
import LifecycleSimulator

/// The subtypes of the `EXTERNAL_PURCHASE_TOKEN` notification (SPEC 8).
public enum NotificationSubtype: String, CaseIterable, Codable, Hashable, Sendable {
  case created = "CREATED"
  case unreported = "UNREPORTED"
  case activeTokenReminder = "ACTIVE_TOKEN_REMINDER"
}

/// One notification that falls due at an exact virtual time.
public struct ScheduledNotification: Hashable, Sendable {
  /// Unique per token, subtype and occurrence: a notification is created once.
  public var key: String
  public var subtype: NotificationSubtype
  public var tokenIndex: Int
  public var token: ExternalPurchaseToken
  public var dueAt: VirtualTime
}
