/// `subtype` of App Store Server Notifications V2 (SPEC-APPSTORE 5.4), with the three of the
/// `EXTERNAL_PURCHASE_TOKEN` notification (SPEC 8): one list, so the history filter, the engine and
/// the token schedule never disagree about a spelling.
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
  case unreported = "UNREPORTED"
  case created = "CREATED"
  case activeTokenReminder = "ACTIVE_TOKEN_REMINDER"

  /// The subtypes an `EXTERNAL_PURCHASE_TOKEN` notification carries (SPEC 8).
  public static let externalPurchaseToken: [Self] = [.created, .unreported, .activeTokenReminder]
}
