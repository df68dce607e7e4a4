import AppleWireTypes
import SimulationTime

/// What the App Store would tell the developer's server: a type and an optional subtype.
public struct AppleNotification: Hashable, Sendable {
  public var type: NotificationType
  public var subtype: NotificationSubtype?

  public init(_ type: NotificationType, _ subtype: NotificationSubtype? = nil) {
    self.type = type
    self.subtype = subtype
  }

  /// `TYPE` or `TYPE/SUBTYPE`, for logs and tests.
  public var text: String { subtype.map { "\(type.rawValue)/\($0.rawValue)" } ?? type.rawValue }
}

/// One change of the commerce state. It carries the transaction and chain as they were at that instant,
/// so a server can later build `signedTransactionInfo`, `signedRenewalInfo` and `status` from it alone.
public struct CommerceDomainEvent: Hashable, Sendable {
  public var time: VirtualTime
  public var customer: Int32
  /// Nil when Apple sends nothing (a consumable consumed, a family member losing a non-consumable).
  public var notification: AppleNotification?
  /// The transaction concerned, as of `time`.
  public var transaction: TransactionRecord?
  /// The subscription concerned, as of `time` (a family member's view when `shared` is set).
  public var chain: SubscriptionChain?
  /// For a family member's copy: the member's own chain.
  public var shared: SharedChain?
  /// A short description for logs.
  public var summary: String
  /// RENEWAL_EXTENSION/SUMMARY only: what the mass extension did (its `customer` is -1: it
  /// concerns no one customer, and it has no transaction or chain).
  public var massExtension: MassExtensionSummary? = nil
  /// CONSUMPTION_REQUEST only: the reason the customer gave (`data.consumptionRequestReason`).
  public var consumptionRequestReason: ConsumptionRequestReason? = nil

  /// The subscription's `status` at the event (the `status` of a notification's `data`), if it concerns one.
  public var status: SubscriptionStatus? {
    if shared?.revokedAt != nil { return .revoked }
    return chain?.status(at: time)
  }
}
