import AppStoreCommerce
import LifecycleSimulator
import Testing

@Suite("Purchases: every transaction field, one-time products, offers")
struct PurchaseTests {
  @Test func initialBuyFillsEveryFieldOfTheTransaction() throws {
    var world = try TestWorld()
    let token = "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9"
    #expect(try world.buy("premium.monthly", token: token) == ["SUBSCRIBED/INITIAL_BUY"])
    let payload = world.lastPayload
    #expect(payload.productId == "premium.monthly")
    #expect(payload.type == .autoRenewable)
    #expect(payload.transactionReason == .purchase)
    #expect(payload.inAppOwnershipType == .purchased)
    #expect(payload.environment == "Production")
    #expect(payload.bundleId == "com.example.app")
    #expect(payload.price == 9990 && payload.currency == "USD")
    #expect(payload.storefront == "USA" && payload.storefrontId == "143441")
    #expect(payload.subscriptionGroupIdentifier == "premium")
    #expect(payload.appAccountToken == token)
    #expect(payload.quantity == 1)
    #expect(payload.purchaseDate == start && payload.originalPurchaseDate == start)
    #expect(payload.expiresDate == date(2026, 2, 1))
    #expect(payload.originalTransactionId == payload.transactionId)
    #expect(payload.appTransactionId == world.state.customer("alice")!.appTransactionId)
    #expect(payload.isUpgraded == nil && payload.revocationDate == nil && payload.offerType == nil)
    for id in [payload.transactionId, payload.webOrderLineItemId, payload.appTransactionId] {
      #expect(id.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } == true, "\(String(describing: id))")
    }
    #expect(payload.transactionId!.hasPrefix("2"), "production ids start with 2 (assumption)")
    #expect(world.status() == .active)
  }

  @Test func consumablesCarryQuantityAndNoSubscriptionFields() throws {
    var world = try TestWorld()
    #expect(try world.buy("coins.100", quantity: 3) == ["ONE_TIME_CHARGE"])
    let payload = world.lastPayload
    #expect(payload.quantity == 3 && payload.price == 2970)
    #expect(payload.type == .consumable)
    #expect(
      payload.expiresDate == nil && payload.webOrderLineItemId == nil
        && payload.subscriptionGroupIdentifier == nil)
    let id = payload.transactionId!
    #expect(try world.apply(.consume(transactionId: id, quantity: 2)) == ["-"])
    #expect(world.state.transaction(id)?.consumed == 2)
    #expect(throws: CommerceError.self) { try world.apply(.consume(transactionId: id, quantity: 2)) }
  }

  @Test func aNonConsumableIsBoughtOnceAndARefusalChangesNothing() throws {
    var world = try TestWorld()
    #expect(try world.buy("lifetime") == ["ONE_TIME_CHARGE"])
    let before = world.state
    #expect(throws: CommerceError.self) { try world.buy("lifetime") }
    #expect(world.state == before)
    #expect(throws: CommerceError.self) { try world.buy("season.pass", quantity: 2) }
    #expect(try world.buy("season.pass") == ["ONE_TIME_CHARGE"])
    #expect(world.lastPayload.type == .nonRenewing)
  }

  @Test func pricesFollowTheStorefront() throws {
    var world = try TestWorld(customers: [CommerceCustomer(id: "alice", storefront: "FRA")])
    try world.buy("premium.monthly")
    #expect(world.lastPayload.price == 10990 && world.lastPayload.currency == "EUR")
    #expect(world.lastPayload.storefront == "FRA" && world.lastPayload.storefrontId == "143442")
    try world.apply(.setStorefront(customer: "alice", storefront: "USA", storefrontId: nil))
    try world.advance(by: 31 * day)
    #expect(world.lastPayload.storefront == "USA" && world.lastPayload.currency == "USD")
    #expect(world.lastPayload.price == 9990)
  }

  /// SPEC-APPSTORE-2026 3: StoreKit has no option that names an introductory offer; an eligible
  /// customer's plain purchase gets it, once per subscription group.
  @Test func anEligibleCustomersPlainPurchaseGetsTheIntroductoryOfferOncePerGroup() throws {
    var world = try TestWorld()
    #expect(try world.buy("premium.yearly") == ["SUBSCRIBED/INITIAL_BUY"])
    let trial = world.lastPayload
    #expect(trial.price == 0 && trial.offerType == .introductory && trial.offerDiscountType == .freeTrial)
    #expect(trial.offerPeriod == "P1W" && trial.offerIdentifier == nil)
    #expect(trial.expiresDate == start + 7 * day)
    #expect(world.renewalInfo()?.renewalPrice == 99990)
    try world.advance(by: 7 * day)
    #expect(world.lastPayload.price == 99990 && world.lastPayload.offerType == nil)
    #expect(world.lastPayload.expiresDate == date(2027, 1, 8))
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    try world.advance(by: 400 * day)
    #expect(world.status() == .expired)
    // A lapsed subscriber who used the group's introductory offer pays in full.
    #expect(try world.buy("premium.yearly") == ["SUBSCRIBED/RESUBSCRIBE"])
    #expect(world.lastPayload.price == 99990 && world.lastPayload.offerType == nil)
  }

  @Test func aProductWithoutAnIntroductoryOfferIsChargedInFull() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    #expect(world.lastPayload.price == 9990 && world.lastPayload.offerType == nil)
  }

  /// Eligibility is per group: a lapsed subscriber who never had an introductory offer in it gets one.
  @Test func aLapsedSubscriberWhoNeverHadAnIntroductoryOfferGetsOne() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    try world.advance(by: 40 * day)
    #expect(try world.buy("premium.yearly") == ["SUBSCRIBED/RESUBSCRIBE"])
    #expect(world.lastPayload.offerType == .introductory && world.lastPayload.price == 0)
  }

  /// Third-party reports in SPEC-APPSTORE-2026 3: a change within the group gets no introductory
  /// offer, even for a customer who never had one.
  @Test func aChangeWithinTheGroupGetsNoIntroductoryOffer() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.buy("premium.yearly")
    try world.advance(to: date(2026, 2, 1))
    #expect(world.lastPayload.productId == "premium.yearly")
    #expect(world.lastPayload.offerType == nil && world.lastPayload.price == 99990)
  }

  /// The signed `introductoryOfferEligibility` option decides for that purchase: false withholds
  /// the offer from an eligible customer, true grants it to one who used it.
  @Test func aSignedEligibilityClaimOverridesTheAppStoresRule() throws {
    var world = try TestWorld(customers: [CommerceCustomer(id: "alice"), CommerceCustomer(id: "bob")])
    try world.buy("alice", "premium.yearly", allowIntroductoryOffer: false)
    #expect(world.lastPayload.offerType == nil && world.lastPayload.price == 99990)
    try world.buy("bob", "premium.yearly")
    try world.apply(.setAutoRenew(customer: "bob", groupId: "premium", enabled: false))
    try world.advance(by: 8 * day)
    try world.buy("bob", "premium.yearly", allowIntroductoryOffer: true)
    let again = try #require(world.payloads("bob").last)
    #expect(again.offerType == .introductory && again.price == 0 && again.offerPeriod == "P1W")
  }

  @Test func aPurchaseCannotNameTheIntroductoryOffer() throws {
    var world = try TestWorld()
    #expect {
      try world.buy("premium.yearly", offer: "trial")
    } throws: { error in
      "\(error)".contains("trial is premium.yearly's introductory offer, which a purchase cannot name")
    }
    #expect(throws: CommerceError.self) { try world.buy("coins.100", allowIntroductoryOffer: true) }
    #expect(world.payloads().isEmpty)
  }

  @Test func payAsYouGoPromotionLastsItsPeriodsThenFullPrice() throws {
    var world = try TestWorld()
    #expect(try world.buy("premium.monthly", offer: "promo.half") == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(world.lastPayload.offerType == .promotional && world.lastPayload.offerIdentifier == "promo.half")
    #expect(world.lastPayload.offerPeriod == "P3M" && world.lastPayload.offerDiscountType == .payAsYouGo)
    #expect(world.renewalInfo()?.offerIdentifier == "promo.half")
    try world.advance(to: date(2026, 4, 1) + 1)
    let prices = world.payloads().map(\.price)
    #expect(prices == [4990, 4990, 4990, 9990])
    #expect(world.payloads().map(\.offerType) == [.promotional, .promotional, .promotional, nil])
    #expect(world.renewalInfo()?.offerType == nil)
  }

  @Test func payUpFrontCodeCoversItsWholePeriod() throws {
    var world = try TestWorld()
    #expect(try world.buy("premium.monthly", offer: "code.quarter") == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(world.lastPayload.offerType == .offerCode && world.lastPayload.price == 19990)
    #expect(world.lastPayload.expiresDate == date(2026, 4, 1))
  }

  @Test func aSubscriberRedeemsAnOfferForTheNextRenewals() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(by: 10 * day)
    #expect(try world.buy("premium.monthly", offer: "promo.half") == ["OFFER_REDEEMED"])
    #expect(world.payloads().count == 1)
    #expect(world.renewalInfo()?.offerIdentifier == "promo.half" && world.renewalInfo()?.renewalPrice == 4990)
    try world.advance(to: date(2026, 5, 1))
    #expect(world.payloads().map(\.price) == [9990, 4990, 4990, 4990, 9990])
    #expect(world.payloads().map(\.offerIdentifier) == [nil, "promo.half", "promo.half", "promo.half", nil])
    #expect(throws: CommerceError.self) { try world.buy("premium.yearly", offer: "trial") }
    #expect(throws: CommerceError.self) { try world.buy("premium.basic.monthly", offer: "promo.half") }
  }

  /// An offer for a higher product of the group is an upgrade at once, charged under the offer
  /// (OFFER_REDEEMED/UPGRADE); for a lower one, a downgrade from the next renewal with the offer
  /// (OFFER_REDEEMED/DOWNGRADE) (issue 25; Apple documents both subtypes).
  @Test func anOfferForAnotherProductOfTheGroupUpgradesOrDowngrades() throws {
    var world = try TestWorld(customers: [CommerceCustomer(id: "alice"), CommerceCustomer(id: "bob")])
    try world.buy("alice", "premium.basic.monthly")
    #expect(try world.buy("alice", "premium.monthly", offer: "promo.half") == ["OFFER_REDEEMED/UPGRADE"])
    let upgraded = world.payloads("alice")
    #expect(upgraded.first?.isUpgraded == true)
    #expect(upgraded.last?.productId == "premium.monthly" && upgraded.last?.price == 4990)
    #expect(upgraded.last?.offerIdentifier == "promo.half")
    try world.advance(to: date(2026, 3, 1) + 1)
    #expect(world.payloads("alice").suffix(2).map(\.price) == [4990, 4990])

    try world.buy("bob", "premium.pro.monthly")
    #expect(try world.buy("bob", "premium.monthly", offer: "code.quarter") == ["OFFER_REDEEMED/DOWNGRADE"])
    #expect(world.payloads("bob").count == 1)
    #expect(world.renewalInfo("bob")?.autoRenewProductId == "premium.monthly")
    #expect(world.renewalInfo("bob")?.offerIdentifier == "code.quarter")
    try world.advance(to: date(2026, 4, 1) + 1)
    let renewed = try #require(world.payloads("bob").last)
    #expect(
      renewed.productId == "premium.monthly" && renewed.price == 19990 && renewed.offerType == .offerCode)
  }

  @Test func anOfferCodeAtRenewalLastsItsOwnPeriod() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    #expect(try world.buy("premium.monthly", offer: "code.quarter") == ["OFFER_REDEEMED"])
    try world.advance(to: date(2026, 2, 1))
    #expect(world.lastPayload.price == 19990 && world.lastPayload.offerType == .offerCode)
    #expect(world.lastPayload.expiresDate == date(2026, 5, 1))
  }

  @Test func winBackOnlyForLapsedSubscribers() throws {
    var world = try TestWorld()
    #expect(throws: CommerceError.self) { try world.buy("premium.monthly", offer: "winback.month") }
    try world.buy("premium.monthly")
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    try world.advance(by: 40 * day)
    #expect(world.renewalInfo()?.eligibleWinBackOfferIds == ["winback.month"])
    #expect(try world.buy("premium.monthly", offer: "winback.month") == ["SUBSCRIBED/RESUBSCRIBE"])
    #expect(world.lastPayload.offerType == .winBack && world.lastPayload.price == 2990)
    #expect(world.renewalInfo()?.eligibleWinBackOfferIds == nil)
  }

  @Test func resubscribingKeepsTheChainAndTheRecentStartWithinSixtyDays() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let original = world.lastPayload.originalTransactionId
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    try world.advance(by: 40 * day)
    #expect(try world.buy("premium.monthly") == ["SUBSCRIBED/RESUBSCRIBE"])
    #expect(world.lastPayload.originalTransactionId == original)
    #expect(world.lastPayload.originalPurchaseDate == start)
    #expect(world.renewalInfo()?.recentSubscriptionStartDate == start)
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    try world.advance(by: 100 * day)
    try world.buy("premium.monthly")
    #expect(world.renewalInfo()?.recentSubscriptionStartDate == world.state.now)
    #expect(world.state.chains.count == 1)
  }

  @Test func unknownNamesAreRefusedWithTheName() throws {
    var world = try TestWorld()
    #expect(throws: CommerceError("unknown product nope")) { try world.buy("nope") }
    #expect(throws: CommerceError("unknown customer bob")) { try world.buy("bob", "coins.100") }
    #expect(throws: CommerceError("premium.monthly has no offer x")) {
      try world.buy("premium.monthly", offer: "x")
    }
  }
}

@Suite("The transaction log")
struct TransactionLogTests {
  @Test func idsAreFoundAcrossChunkBoundaries() throws {
    var world = try TestWorld()
    // More than two chunks of 16,384 transactions.
    for _ in 0..<40_000 {
      try world.state.apply(.purchase(PurchaseRequest(customer: "alice", productId: "coins.100")))
    }
    let log = world.state.transactions
    #expect(log.count == 40_000)
    for position in [0, 1, 16_383, 16_384, 16_385, 32_767, 32_768, 39_999] {
      let id = log[position].transactionId
      #expect(log.position(of: id) == position)
      #expect(world.state.transaction(String(id))?.transactionId == id)
      #expect(log.position(of: id + 1) == nil || log[position + 1].transactionId == id + 1)
    }
    #expect(log.position(of: 0) == nil && world.state.transaction("x") == nil)
    #expect(Array(log).map(\.transactionId) == log.map(\.transactionId).sorted())
  }
}

/// SPEC-APPSTORE-2026 4: offer codes for one-time products.
@Suite("Offer codes for one-time products")
struct OneTimeOfferCodeTests {
  @Test func aRedeemedCodeIsAOneTimeChargeWithOfferType3AndTheCodesPrice() throws {
    var world = try TestWorld()
    #expect(try world.buy("lifetime", offer: "code.lifetime.half") == ["ONE_TIME_CHARGE"])
    let payload = world.lastPayload
    #expect(payload.offerType == .offerCode)
    #expect(payload.offerDiscountType == .oneTime)
    #expect(payload.offerIdentifier == "code.lifetime.half")
    #expect(payload.offerPeriod == nil, "sim rule: a one-time product's offer has no period")
    #expect(payload.price == 14_990)
  }

  @Test func aPlainPurchasePaysInFullAndNoOtherOfferIsAccepted() throws {
    var world = try TestWorld()
    try world.buy("coins.100", offer: nil, quantity: 2)
    #expect(world.lastPayload.offerType == nil && world.lastPayload.price == 1_980)
    try world.buy("lifetime")
    #expect(world.lastPayload.offerType == nil && world.lastPayload.price == 29_990)
    #expect(throws: CommerceError.self) { try world.buy("season.pass", offer: "code.lifetime.half") }
    #expect(throws: CommerceError.self) { try world.buy("coins.100", offer: "promo.half") }
  }

  @Test func aOneTimeProductTakesOnlyOfferCodesWithAOneTimeDiscount() {
    var product = DemoCatalog.products.first { $0.id == "lifetime" }!
    #expect(product.problem == nil)
    product.offers = [Offer(id: "x", type: .promotional, discount: .oneTime, period: nil)]
    #expect(product.problem?.contains("only offers are offer codes") == true)
    var subscription = DemoCatalog.products[0]
    subscription.offers = [Offer(id: "x", type: .offerCode, discount: .oneTime, period: .oneMonth)]
    #expect(subscription.problem?.contains("ONE_TIME discounts are not for subscriptions") == true)
    subscription.offers = [Offer(id: "y", type: .promotional, discount: .payUpFront, period: nil)]
    #expect(subscription.problem?.contains("offer y needs a period") == true)
  }
}
