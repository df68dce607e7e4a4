import AppleWireTypes
import SimulationTime

/// Every field of `JWSTransactionDecodedPayload` (SPEC-APPSTORE 3.1); nil fields are left out of JSON.
public struct TransactionPayload: Hashable, Sendable, Codable {
  public var appAccountToken: String?
  public var appTransactionId: String?
  public var bundleId: String?
  public var currency: String?
  public var environment: AppleEnvironment?
  public var expiresDate: Int64?
  public var inAppOwnershipType: OwnershipType?
  /// Present only when true (**assumption**: SPEC-APPSTORE 3.1 marks the omission rule UNCONFIRMED).
  public var isUpgraded: Bool?
  public var offerDiscountType: OfferDiscountType?
  public var offerIdentifier: String?
  public var offerPeriod: String?
  public var offerType: OfferType?
  public var originalPurchaseDate: Int64?
  public var originalTransactionId: String?
  public var price: Int64?
  public var productId: String?
  public var purchaseDate: Int64?
  public var quantity: Int?
  public var revocationDate: Int64?
  public var revocationPercentage: Int?
  public var revocationReason: RevocationReason?
  public var revocationType: RevocationType?
  public var signedDate: Int64?
  public var storefront: String?
  public var storefrontId: String?
  public var subscriptionGroupIdentifier: String?
  public var transactionId: String?
  public var transactionReason: TransactionReason?
  public var type: ProductType?
  public var webOrderLineItemId: String?
  /// Advanced Commerce and billing plan fields: epsim sells no such SKUs, so they stay nil.
  public var advancedCommerceInfo: [String: String]?
  public var billingPlanType: String?
  public var commitmentInfo: [String: String]?

  /// The synthesized encoding, written out: Apple's fixed lists go as their raw values directly,
  /// not through a nested container each (3 to 5% of `generate --purchases-out`'s instructions).
  /// Decoding stays synthesized; PayloadFieldsTests holds the two to the same fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(appAccountToken, forKey: .appAccountToken)
    try container.encodeIfPresent(appTransactionId, forKey: .appTransactionId)
    try container.encodeIfPresent(bundleId, forKey: .bundleId)
    try container.encodeIfPresent(currency, forKey: .currency)
    try container.encodeIfPresent(environment?.rawValue, forKey: .environment)
    try container.encodeIfPresent(expiresDate, forKey: .expiresDate)
    try container.encodeIfPresent(inAppOwnershipType?.rawValue, forKey: .inAppOwnershipType)
    try container.encodeIfPresent(isUpgraded, forKey: .isUpgraded)
    try container.encodeIfPresent(offerDiscountType?.rawValue, forKey: .offerDiscountType)
    try container.encodeIfPresent(offerIdentifier, forKey: .offerIdentifier)
    try container.encodeIfPresent(offerPeriod, forKey: .offerPeriod)
    try container.encodeIfPresent(offerType?.rawValue, forKey: .offerType)
    try container.encodeIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
    try container.encodeIfPresent(originalTransactionId, forKey: .originalTransactionId)
    try container.encodeIfPresent(price, forKey: .price)
    try container.encodeIfPresent(productId, forKey: .productId)
    try container.encodeIfPresent(purchaseDate, forKey: .purchaseDate)
    try container.encodeIfPresent(quantity, forKey: .quantity)
    try container.encodeIfPresent(revocationDate, forKey: .revocationDate)
    try container.encodeIfPresent(revocationPercentage, forKey: .revocationPercentage)
    try container.encodeIfPresent(revocationReason?.rawValue, forKey: .revocationReason)
    try container.encodeIfPresent(revocationType?.rawValue, forKey: .revocationType)
    try container.encodeIfPresent(signedDate, forKey: .signedDate)
    try container.encodeIfPresent(storefront, forKey: .storefront)
    try container.encodeIfPresent(storefrontId, forKey: .storefrontId)
    try container.encodeIfPresent(subscriptionGroupIdentifier, forKey: .subscriptionGroupIdentifier)
    try container.encodeIfPresent(transactionId, forKey: .transactionId)
    try container.encodeIfPresent(transactionReason?.rawValue, forKey: .transactionReason)
    try container.encodeIfPresent(type?.rawValue, forKey: .type)
    try container.encodeIfPresent(webOrderLineItemId, forKey: .webOrderLineItemId)
    try container.encodeIfPresent(advancedCommerceInfo, forKey: .advancedCommerceInfo)
    try container.encodeIfPresent(billingPlanType, forKey: .billingPlanType)
    try container.encodeIfPresent(commitmentInfo, forKey: .commitmentInfo)
  }
}

/// Every field of `JWSRenewalInfoDecodedPayload` (SPEC-APPSTORE 3.2); nil fields are left out of JSON.
public struct RenewalInfoPayload: Hashable, Sendable, Codable {
  public var appAccountToken: String?
  public var appTransactionId: String?
  public var autoRenewProductId: String?
  public var autoRenewStatus: Int?
  public var currency: String?
  public var eligibleWinBackOfferIds: [String]?
  public var environment: AppleEnvironment?
  public var expirationIntent: ExpirationIntent?
  public var gracePeriodExpiresDate: Int64?
  public var isInBillingRetryPeriod: Bool?
  public var offerDiscountType: OfferDiscountType?
  public var offerIdentifier: String?
  public var offerPeriod: String?
  public var offerType: OfferType?
  public var originalTransactionId: String?
  public var priceIncreaseStatus: Int?
  public var productId: String?
  public var recentSubscriptionStartDate: Int64?
  public var renewalDate: Int64?
  public var renewalPrice: Int64?
  public var signedDate: Int64?
  public var advancedCommerceInfo: [String: String]?
  public var commitmentInfo: [String: String]?
  public var renewalBillingPlanType: String?
}

extension CommerceState {
  /// The decoded transaction Apple would sign at `signedDate`.
  public func payload(of transaction: TransactionRecord, signedDate: VirtualTime) -> TransactionPayload {
    let product = products[Int(transaction.product)]
    let storefront = storefronts[Int(transaction.storefrontIndex)]
    let offer = self.offer(of: transaction)
    let revocation = transaction.revocation
    return TransactionPayload(
      appAccountToken: transaction.appAccountToken,
      appTransactionId: customers[Int(transaction.customer)].appTransactionId, bundleId: settings.bundleId,
      currency: currencies[Int(transaction.currencyIndex)],
      environment: AppleEnvironment(rawValue: settings.environment.appleName),
      expiresDate: transaction.expiresDate, inAppOwnershipType: transaction.ownership,
      isUpgraded: transaction.isUpgraded ? true : nil, offerDiscountType: offer?.discount,
      offerIdentifier: offer?.identifier, offerPeriod: offer?.period, offerType: offer?.type,
      originalPurchaseDate: transaction.originalPurchaseDate,
      originalTransactionId: String(transaction.originalTransactionId), price: transaction.price,
      productId: product.id, purchaseDate: transaction.purchaseDate, quantity: Int(transaction.quantity),
      revocationDate: revocation?.date, revocationPercentage: revocation?.percentage.map { Int($0) },
      revocationReason: revocation?.reason, revocationType: revocation?.type,
      signedDate: signedDate, storefront: storefront.code, storefrontId: storefront.id,
      subscriptionGroupIdentifier: product.subscription?.groupId,
      transactionId: String(transaction.transactionId),
      transactionReason: transaction.reason, type: product.type,
      webOrderLineItemId: transaction.webOrderLineItemId.map { String($0) })
  }

  /// The renewal info of a purchased chain, as of `now` (or of a family member's chain when `shared` is given).
  /// Everything is derived from the chain; nothing here is stored.
  public func renewalInfo(of chain: SubscriptionChain, shared: SharedChain? = nil, signedDate: VirtualTime)
    -> RenewalInfoPayload
  {
    let storefront = customers[Int(chain.customer)].storefront
    let customer = shared?.member ?? chain.customer
    var info = RenewalInfoPayload()
    info.appAccountToken = shared == nil ? chain.appAccountToken : nil
    info.appTransactionId = customers[Int(customer)].appTransactionId
    info.autoRenewProductId = products[Int(chain.autoRenewProduct)].id
    info.autoRenewStatus = chain.autoRenew && shared?.revokedAt == nil ? 1 : 0
    info.environment = AppleEnvironment(rawValue: settings.environment.appleName)
    info.originalTransactionId = String(shared?.originalTransactionId ?? chain.originalTransactionId)
    info.productId = products[Int(chain.product)].id
    info.recentSubscriptionStartDate = chain.recentStartDate
    info.renewalDate = chain.expiresDate
    info.signedDate = signedDate
    if let price = renewalPrice(of: chain) {
      info.renewalPrice = price
      info.currency = products[Int(chain.autoRenewProduct)].prices[storefront]?.currency
    }
    if let offer = chain.offer, offer.remaining > 0, offer.productIndex == chain.autoRenewProduct {
      let applied = appliedOffer(products[Int(offer.productIndex)].offers[Int(offer.offerIndex)])
      info.offerType = applied.type
      info.offerIdentifier = applied.identifier
      info.offerDiscountType = applied.discount
      info.offerPeriod = applied.period
    }
    switch chain.priceIncrease {
    case .pending: info.priceIncreaseStatus = 0
    case .accepted: info.priceIncreaseStatus = 1
    case nil: break
    }
    switch chain.phase {
    case .active, .revoked: info.isInBillingRetryPeriod = false
    case .billingRetry(let retry):
      info.isInBillingRetryPeriod = true
      if let end = retry.graceEnd, chain.status(at: signedDate) == .billingGracePeriod {
        info.gracePeriodExpiresDate = end
      }
    case .expired(let intent):
      info.isInBillingRetryPeriod = false
      info.expirationIntent = intent
      // **Assumption:** every win-back offer of the lapsed product sold in the storefront, in catalog order.
      let winBack = products[Int(chain.product)].offers.filter {
        $0.type == .winBack && $0.price(in: storefront) != nil
      }
      info.eligibleWinBackOfferIds = winBack.isEmpty ? nil : winBack.map(\.id)
    }
    return info
  }
}
