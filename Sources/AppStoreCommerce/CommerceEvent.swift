import AppleWireTypes
import SimulationTime

/// A purchase on a customer's device (SPEC-APPSTORE 3.1 fields the buyer controls).
public struct PurchaseRequest: Hashable, Sendable {
  public var customer: String
  public var productId: String
  /// Consumables may be bought several at once; 1 for everything else.
  public var quantity: Int
  public var offerId: String?
  /// A UUID the app attaches (`appAccountToken`), carried by every renewal of the chain.
  public var appAccountToken: String?
  /// What a verified `introductoryOfferEligibility` purchase option claims (`allowIntroductoryOffer`,
  /// SPEC-APPSTORE-2026 3): true grants the product's introductory offer even to a customer who
  /// used one, false withholds it; nil leaves eligibility to the App Store's own rule.
  public var allowIntroductoryOffer: Bool?

  public init(
    customer: String, productId: String, quantity: Int = 1, offerId: String? = nil,
    appAccountToken: String? = nil, allowIntroductoryOffer: Bool? = nil
  ) {
    self.customer = customer
    self.productId = productId
    self.quantity = quantity
    self.offerId = offerId
    self.appAccountToken = appAccountToken
    self.allowIntroductoryOffer = allowIntroductoryOffer
  }
}

/// Everything that can happen to the commerce world; the state is a fold of these.
public enum CommerceEvent: Hashable, Sendable {
  // The world.
  case addProduct(Product)
  case addCustomer(CommerceCustomer)
  case setSettings(CommerceSettings)
  /// Renewals, failures, grace ends and expiries due up to the time happen in time order.
  case advanceClock(to: VirtualTime)

  // The customer.
  /// Buy a product; within an active subscription's group this is a change of product.
  case purchase(PurchaseRequest)
  case setAutoRenew(customer: String, groupId: String, enabled: Bool)
  /// Upgrade (now), downgrade (next renewal) or crossgrade within the group; the current product cancels a pending change.
  case changeProduct(customer: String, productId: String)
  /// The payment method starts or stops failing; fixing it recovers at the next retry attempt.
  case setBillingFails(customer: String, fails: Bool)
  case consume(transactionId: String, quantity: Int)
  case consentToPriceIncrease(customer: String, groupId: String)
  case joinFamily(customer: String, familyId: String)
  case leaveFamily(customer: String)
  case setStorefront(customer: String, storefront: String, storefrontId: String?)
  /// A parent or guardian withdraws consent for the customer's use of the app: RESCIND_CONSENT.
  case rescindConsent(customer: String)

  // The App Store.
  /// The customer asks for a refund, giving `reason` (**assumption:** OTHER when none is given).
  case requestRefund(transactionId: String, reason: ConsumptionRequestReason = .other)
  case declineRefund(transactionId: String)
  /// Apple reverses an earlier refund (a dispute resolved for the developer): REFUND_REVERSED.
  case reverseRefund(transactionId: String)
  /// Refund a transaction: `percentage` in milliunits (100000 = full), below that a prorated refund.
  case refund(transactionId: String, reason: RevocationReason, percentage: Int)
  /// A new price; `needsConsent` false notifies subscribers (PRICE_INCREASE/ACCEPTED) and applies at renewal.
  case raisePrice(productId: String, storefront: String, milliunits: Int64, needsConsent: Bool)
  case setForSale(productId: String, forSale: Bool)

  // The developer, through the App Store Server API (SPEC-APPSTORE 4.6, 4.8).
  /// Set App Account Token on an original transaction (a subscription's current and later renewals carry it).
  case setAppAccountToken(originalTransactionId: String, token: String)
  /// Extend a Subscription Renewal Date by up to 90 days.
  case extendRenewalDate(originalTransactionId: String, days: Int)
  /// Extend the renewal date of every active subscriber of a product.
  case extendRenewalDates(MassExtensionRequest)
  /// Finish Transaction: the developer says it delivered the purchase (SPEC-APPSTORE 4.3).
  case finishTransaction(transactionId: String)
  /// Send Consumption Information: the fields the developer sent, as accepted (SPEC-APPSTORE 4.9).
  case sendConsumptionInformation(transactionId: String, fields: [String: String])

  // Sandbox tester settings (SPEC-APPSTORE 6).
  case setRenewalRate(customer: String, rate: SandboxRenewalRate)
  case clearPurchaseHistory(customer: String)
}

/// An event the engine refuses; the state is left exactly as it was. The token engine's error type,
/// so a runner that drives both worlds handles one kind of refusal.
public typealias CommerceError = SimulationError
