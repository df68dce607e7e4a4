/// `notificationType` of App Store Server Notifications V2 (SPEC-APPSTORE 5.3), every value Apple
/// documents. The commerce engine sends most of them; `TEST` comes from Request a Test Notification
/// and `EXTERNAL_PURCHASE_TOKEN` from the token schedule (SPEC 8).
public enum NotificationType: String, Hashable, Sendable, CaseIterable, Codable {
  case subscribed = "SUBSCRIBED"
  case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
  case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
  case offerRedeemed = "OFFER_REDEEMED"
  case didRenew = "DID_RENEW"
  case expired = "EXPIRED"
  case didFailToRenew = "DID_FAIL_TO_RENEW"
  case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
  case priceIncrease = "PRICE_INCREASE"
  case refund = "REFUND"
  case refundDeclined = "REFUND_DECLINED"
  case refundReversed = "REFUND_REVERSED"
  case consumptionRequest = "CONSUMPTION_REQUEST"
  case renewalExtended = "RENEWAL_EXTENDED"
  case renewalExtension = "RENEWAL_EXTENSION"
  case revoke = "REVOKE"
  case test = "TEST"
  case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
  case oneTimeCharge = "ONE_TIME_CHARGE"
  /// A parent or guardian withdrew consent for a child's use of the app; carries `appData`.
  case rescindConsent = "RESCIND_CONSENT"
  case metadataUpdate = "METADATA_UPDATE"
  /// Apple's documentation spells it `MIGRATE` and its libraries `MIGRATION` (SPEC-APPSTORE 5.3):
  /// both are accepted.
  case migrate = "MIGRATE"
  case migration = "MIGRATION"
  case priceChange = "PRICE_CHANGE"
}
