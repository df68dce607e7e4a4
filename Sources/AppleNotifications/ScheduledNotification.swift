import AppleWireTypes
import ExternalPurchaseTokens
import LifecycleSimulator

/// One notification that falls due at an exact virtual time.
public struct ScheduledNotification: Hashable, Sendable {
  /// Unique per token, subtype and occurrence: a notification is created once.
  public var key: String
  public var subtype: NotificationSubtype
  public var tokenIndex: Int
  public var token: ExternalPurchaseToken
  public var dueAt: VirtualTime
}
