import AppStoreCommerce
import AppleWireTypes

/// A step about Apple purchases, acted on the world's customers and devices: what a scenario line,
/// a key in the terminal UI or a control API request asks the App Store to do.
public enum CommerceStep: Hashable, Sendable, Codable {
  /// `buy PRODUCT on DEVICE [quantity N] [offer ID] [allow-introductory-offer true|false]
  /// [account-token UUID]`. `allowIntroductoryOffer` is what a signed `introductoryOfferEligibility`
  /// option claims (SPEC-APPSTORE-2026 3): nil leaves eligibility to the App Store's rule.
  case buy(
    product: String, device: String, quantity: Int, offer: String?, accountToken: String?,
    allowIntroductoryOffer: Bool? = nil)
  /// `auto-renew CUSTOMER GROUP on|off`
  case autoRenew(customer: String, group: String, enabled: Bool)
  /// `change CUSTOMER to PRODUCT`: upgrade, downgrade or crossgrade within the product's group.
  case change(customer: String, product: String)
  /// `billing CUSTOMER fails|recovers`
  case billing(customer: String, fails: Bool)
  /// `refund PRODUCT of CUSTOMER [reason other|app-issue]`: a full refund of the customer's latest
  /// transaction of the product.
  case refund(product: String, customer: String, reason: RevocationReason)
  /// `family CUSTOMER joins FAMILY`
  case joinFamily(customer: String, family: String)
  /// `consume PRODUCT of CUSTOMER [quantity N]`: the latest transaction of a consumable.
  case consume(product: String, customer: String, quantity: Int)
  /// `family CUSTOMER leaves`: what was shared with or by them is revoked.
  case leaveFamily(customer: String)
  /// `refund PRODUCT of CUSTOMER [reason R] percent P`: a prorated refund; `milliunits` of a
  /// percent, as `revocationPercentage` counts them (50000 is half).
  case partialRefund(product: String, customer: String, reason: RevocationReason, milliunits: Int)
  /// `refund-request PRODUCT of CUSTOMER [reason R]`: the customer asks Apple for a refund of
  /// their latest transaction of the product (CONSUMPTION_REQUEST where Apple asks the developer
  /// for data, with `consumptionRequestReason` R).
  case requestRefund(product: String, customer: String, reason: ConsumptionRequestReason = .other)
  /// `refund-decline PRODUCT of CUSTOMER`: Apple declines the requested refund.
  case declineRefund(product: String, customer: String)
  /// `refund-reverse PRODUCT of CUSTOMER`: Apple reverses the refund of the customer's latest
  /// refunded transaction of the product (REFUND_REVERSED).
  case reverseRefund(product: String, customer: String)
  /// `rescind-consent CUSTOMER`: the customer's parent or guardian withdraws consent for the
  /// app (RESCIND_CONSENT).
  case rescindConsent(customer: String)
  /// `price PRODUCT STOREFRONT AMOUNT [consent]`: a new catalog price; a raise of a subscription
  /// tells its subscribers (PRICE_INCREASE), and `consent` makes them agree before renewing at it.
  case setPrice(product: String, storefront: String, milliunits: Int64, needsConsent: Bool)
  /// `price-consent CUSTOMER GROUP`: the subscriber agrees to the raised price.
  case consentToPriceIncrease(customer: String, group: String)
  /// `sale PRODUCT on|off`: the product is (no longer) for sale; renewals of it stop while off sale.
  case sale(product: String, forSale: Bool)
  /// `clear-history CUSTOMER`: a sandbox tester's purchase history is cleared (sandbox only).
  case clearHistory(customer: String)
  /// `commerce ...` among the steps: an App Store setting changed from now on.
  case setting(CommerceSetting)

  /// The customer the step acts on when it names one (a `buy` names a device instead, catalog
  /// steps none).
  public var customer: String? {
    switch self {
    case .buy, .setPrice, .sale: return nil
    case .setting(let setting): return setting.customer
    case .autoRenew(let customer, _, _), .change(let customer, _), .billing(let customer, _),
      .refund(_, let customer, _), .joinFamily(let customer, _), .consume(_, let customer, _),
      .leaveFamily(let customer), .partialRefund(_, let customer, _, _), .requestRefund(_, let customer, _),
      .declineRefund(_, let customer), .consentToPriceIncrease(let customer, _), .clearHistory(let customer),
      .reverseRefund(_, let customer), .rescindConsent(let customer):
      return customer
    }
  }
}
