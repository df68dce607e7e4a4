import SimulationTime

/// `notificationType` values the commerce engine produces (SPEC-APPSTORE 5.3).
public enum NotificationType: String, Hashable, Sendable, CaseIterable, Codable {
  case subscribed = "SUBSCRIBED"
  case didRenew = "DID_RENEW"
  case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
  case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
  case didFailToRenew = "DID_FAIL_TO_RENEW"
  case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
  case expired = "EXPIRED"
  case offerRedeemed = "OFFER_REDEEMED"
  case priceIncrease = "PRICE_INCREASE"
  case refund = "REFUND"
  case refundDeclined = "REFUND_DECLINED"
  case refundReversed = "REFUND_REVERSED"
  case consumptionRequest = "CONSUMPTION_REQUEST"
  case revoke = "REVOKE"
  case oneTimeCharge = "ONE_TIME_CHARGE"
  case renewalExtended = "RENEWAL_EXTENDED"
  case renewalExtension = "RENEWAL_EXTENSION"
  /// A parent or guardian withdrew consent for a child's use of the app; carries `appData`.
  case rescindConsent = "RESCIND_CONSENT"
}

/// `subtype` values (SPEC-APPSTORE 5.4) the engine uses.
public enum NotificationSubtype: String, Hashable, Sendable, CaseIterable, Codable {
  case initialBuy = "INITIAL_BUY"
  case resubscribe = "RESUBSCRIBE"
  case downgrade = "DOWNGRADE"
  case upgrade = "UPGRADE"
  case autoRenewEnabled = "AUTO_RENEW_ENABLED"
  case autoRenewDisabled = "AUTO_RENEW_DISABLED"
  case voluntary = "VOLUNTARY"
  case billingRetry = "BILLING_RETRY"
  case priceIncrease = "PRICE_INCREASE"
  case gracePeriod = "GRACE_PERIOD"
  case pending = "PENDING"
  case accepted = "ACCEPTED"
  case billingRecovery = "BILLING_RECOVERY"
  case productNotForSale = "PRODUCT_NOT_FOR_SALE"
  case summary = "SUMMARY"
  case failure = "FAILURE"
}

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

/// `consumptionRequestReason` (SPEC-APPSTORE 4.9): why a customer asked for a refund, carried by
/// the CONSUMPTION_REQUEST notification's `data`.
public enum ConsumptionRequestReason: String, Hashable, Sendable, CaseIterable, Codable {
  case unintendedPurchase = "UNINTENDED_PURCHASE"
  case fulfillmentIssue = "FULFILLMENT_ISSUE"
  case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
  case legal = "LEGAL"
  case other = "OTHER"

  /// The scenario word: the value in lower case with dashes (`unintended-purchase`).
  public var word: String { String(rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) }

  public init?(word: String) {
    guard let value = Self.allCases.first(where: { $0.word == word }) else { return nil }
    self = value
  }
}
