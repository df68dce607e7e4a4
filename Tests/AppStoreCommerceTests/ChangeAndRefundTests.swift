import AppStoreCommerce
import LifecycleSimulator
import Testing

@Suite("Upgrades, downgrades, crossgrades, refunds")
struct ChangeAndRefundTests {
  @Test func upgradeIsImmediateAndMarksTheOldTransaction() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(by: 10 * day)
    #expect(try world.buy("premium.pro.monthly") == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
    let payloads = world.payloads()
    #expect(payloads.count == 2)
    #expect(payloads[0].isUpgraded == true && payloads[1].isUpgraded == nil)
    #expect(payloads[1].productId == "premium.pro.monthly" && payloads[1].transactionReason == .purchase)
    #expect(payloads[1].originalTransactionId == payloads[0].originalTransactionId)
    #expect(payloads[1].purchaseDate == start + 10 * day && payloads[1].expiresDate == date(2026, 2, 11))
    #expect(world.renewalInfo()?.productId == "premium.pro.monthly")
  }

  @Test func downgradeWaitsForTheRenewalAndCanBeCancelled() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    #expect(
      try world.apply(.changeProduct(customer: "alice", productId: "premium.basic.monthly"))
        == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
    #expect(world.renewalInfo()?.productId == "premium.monthly")
    #expect(world.renewalInfo()?.autoRenewProductId == "premium.basic.monthly")
    #expect(world.renewalInfo()?.renewalPrice == 4990)
    #expect(
      try world.apply(.changeProduct(customer: "alice", productId: "premium.monthly")) == [
        "DID_CHANGE_RENEWAL_PREF"
      ])
    #expect(world.renewalInfo()?.autoRenewProductId == "premium.monthly")
    try world.apply(.changeProduct(customer: "alice", productId: "premium.basic.monthly"))
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_RENEW"])
    #expect(world.lastPayload.productId == "premium.basic.monthly" && world.lastPayload.price == 4990)
    #expect(world.payloads().first?.isUpgraded == nil)
  }

  /// A customer with auto-renew off picks another plan: auto-renew comes back on and the new plan
  /// renews (issue 25; assumption, setting `changeTurnsAutoRenewOn`); with the setting off it stays
  /// off and the subscription expires VOLUNTARY.
  @Test(arguments: [true, false])
  func changingProductWithAutoRenewOffTurnsItOnUnlessSetOtherwise(turnsOn: Bool) throws {
    var settings = CommerceSettings.production
    settings.changeTurnsAutoRenewOn = turnsOn
    var world = try TestWorld(settings)
    try world.buy("premium.monthly")
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    let downgrade = try world.apply(.changeProduct(customer: "alice", productId: "premium.basic.monthly"))
    #expect(
      downgrade
        == (turnsOn
          ? ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE"]
          : ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"]))
    #expect(world.renewalInfo()?.autoRenewStatus == (turnsOn ? 1 : 0))
    #expect(world.renewalInfo()?.autoRenewProductId == "premium.basic.monthly")
    let renewal = try world.advance(to: date(2026, 2, 1))
    #expect(renewal == [turnsOn ? "DID_RENEW" : "EXPIRED/VOLUNTARY"])
    if turnsOn { #expect(world.payloads().last?.productId == "premium.basic.monthly") }
  }

  @Test func anUpgradeWithAutoRenewOffTurnsItOnToo() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    let upgrade = try world.apply(.changeProduct(customer: "alice", productId: "premium.pro.monthly"))
    #expect(upgrade == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_PREF/UPGRADE"])
    #expect(world.chain()?.autoRenew == true)
    #expect(world.renewalInfo()?.autoRenewStatus == 1)
    #expect(try world.advance(by: 31 * day) == ["DID_RENEW"])
  }

  @Test func crossgradeIsImmediateForTheSameDurationOtherwiseAtRenewal() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    #expect(try world.buy("premium.monthly.plus") == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
    #expect(world.payloads().count == 2)
    #expect(try world.buy("premium.yearly") == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
    #expect(world.payloads().count == 2)
    try world.advance(to: date(2026, 2, 1))
    #expect(
      world.lastPayload.productId == "premium.yearly" && world.lastPayload.expiresDate == date(2027, 2, 1))
  }

  @Test func refundingTheLatestTransactionRevokesTheSubscription() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(to: date(2026, 2, 1))
    let latest = world.lastPayload.transactionId!
    let first = world.payloads()[0].transactionId!
    #expect(
      try world.apply(.refund(transactionId: latest, reason: .appIssue, percentage: 100_000)) == ["REFUND"])
    let refunded = world.lastPayload
    #expect(world.log.last?.status == .revoked, "the REFUND notification carries status 5")
    #expect(refunded.revocationDate == date(2026, 2, 1) && refunded.revocationReason == .appIssue)
    #expect(refunded.revocationType == .refundFull && refunded.revocationPercentage == 100_000)
    #expect(world.state.transaction(first)?.revocation == nil)
    #expect(world.status() == .revoked && world.renewalInfo()?.autoRenewStatus == 0)
    #expect(try world.advance(by: 90 * day) == [])
    #expect(throws: CommerceError.self) {
      try world.apply(.refund(transactionId: latest, reason: .other, percentage: 100_000))
    }
    #expect(try world.buy("premium.monthly") == ["SUBSCRIBED/RESUBSCRIBE"])
  }

  @Test func refundingAnOlderTransactionLeavesTheSubscriptionActive() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(to: date(2026, 2, 1))
    let first = world.payloads()[0].transactionId!
    try world.apply(.refund(transactionId: first, reason: .other, percentage: 50_000))
    #expect(
      world.payloads()[0].revocationType == .refundProrated && world.payloads()[0].revocationReason == .other)
    #expect(world.status() == .active)
  }

  /// REFUND_REVERSED (issue 25): a reversed refund reinstates the transaction and the
  /// subscription it had revoked; it moves in the history like any change.
  @Test func aReversedRefundReinstatesTheSubscription() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let id = world.lastPayload.transactionId!
    #expect(throws: CommerceError.self) { try world.apply(.reverseRefund(transactionId: id)) }
    try world.apply(.refund(transactionId: id, reason: .other, percentage: 100_000))
    #expect(world.status() == .revoked)
    let before = world.state.transactions.last!.modification
    #expect(try world.apply(.reverseRefund(transactionId: id)) == ["REFUND_REVERSED"])
    #expect(world.lastPayload.revocationDate == nil && world.lastPayload.revocationType == nil)
    #expect(world.state.transactions.last!.modification > before)
    #expect(world.status() == .active)
    #expect(world.renewalInfo()?.autoRenewStatus == 0, "auto-renew stays off after the refund turned it off")
    #expect(try world.advance(to: date(2026, 2, 1)) == ["EXPIRED/VOLUNTARY"])
  }

  @Test func refundRequestAsksForConsumptionAndTurnsAutoRenewOff() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let id = world.lastPayload.transactionId!
    let requested = try world.apply(.requestRefund(transactionId: id))
    #expect(requested == ["CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
    #expect(try world.apply(.declineRefund(transactionId: id)) == ["REFUND_DECLINED"])
    #expect(throws: CommerceError.self) { try world.apply(.declineRefund(transactionId: id)) }
    try world.buy("lifetime")
    #expect(try world.apply(.requestRefund(transactionId: world.lastPayload.transactionId!)) == ["-"])
  }
}

@Suite("Family Sharing")
struct FamilyTests {
  static let family = [
    CommerceCustomer(id: "alice", familyId: "smiths"), CommerceCustomer(id: "bob", familyId: "smiths"),
    CommerceCustomer(id: "carol"),
  ]

  @Test func membersGetTheirOwnSharedChain() throws {
    var world = try TestWorld(customers: Self.family)
    #expect(try world.buy("family.monthly") == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY"])
    let shared = try #require(world.payloads("bob").last)
    #expect(shared.inAppOwnershipType == .familyShared && shared.productId == "family.monthly")
    #expect(shared.originalTransactionId != world.lastPayload.originalTransactionId)
    #expect(shared.appTransactionId == world.state.customer("bob")!.appTransactionId)
    #expect(world.state.sharedChains(of: "carol").isEmpty)
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_RENEW", "DID_RENEW"])
    let bobs = world.payloads("bob")
    #expect(bobs.count == 2 && Set(bobs.map(\.originalTransactionId)).count == 1)
    #expect(bobs.last?.webOrderLineItemId == world.lastPayload.webOrderLineItemId)
    let share = try #require(world.state.sharedChains(of: "bob").first)
    #expect(world.state.status(of: share) == .active)
  }

  @Test func leavingTheFamilyRevokesAccess() throws {
    var world = try TestWorld(customers: Self.family)
    try world.buy("family.monthly")
    try world.buy("lifetime")
    #expect(world.payloads("bob").count == 2)
    #expect(try world.apply(.leaveFamily(customer: "bob")) == ["REVOKE", "REVOKE"])
    #expect(
      world.payloads("bob").allSatisfy { $0.revocationType == .familyRevoke && $0.revocationReason == nil })
    #expect(world.state.status(of: world.state.sharedChains(of: "bob")[0]) == .revoked)
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_RENEW"])
  }

  /// Sharing goes both ways: a newcomer's shareable purchases reach the family already there
  /// (issue 25; Apple: a customer shares "with up to five family members").
  @Test func aNewcomersPurchasesReachTheFamilyToo() throws {
    var world = try TestWorld(customers: Self.family)
    try world.buy("carol", "family.monthly")
    try world.buy("carol", "lifetime")
    #expect(world.payloads("alice").isEmpty && world.payloads("bob").isEmpty)
    let joined = try world.apply(.joinFamily(customer: "carol", familyId: "smiths"))
    #expect(joined.filter { $0 == "SUBSCRIBED/INITIAL_BUY" }.count == 2)
    for member in ["alice", "bob"] {
      let products = world.payloads(member).compactMap(\.productId)
      #expect(products.sorted() == ["family.monthly", "lifetime"], "\(member)")
      #expect(world.payloads(member).allSatisfy { $0.inAppOwnershipType == .familyShared })
    }
    // Carol's leaving takes both back from both.
    let left = try world.apply(.leaveFamily(customer: "carol"))
    #expect(left.filter { $0 == "REVOKE" }.count == 4)
  }

  @Test func aFamilyHasAtMostSixPeople() throws {
    let people = (1...7).map { CommerceCustomer(id: "p\($0)") }
    var world = try TestWorld(customers: people)
    for number in 1...6 { try world.apply(.joinFamily(customer: "p\(number)", familyId: "big")) }
    #expect(throws: CommerceError.self) { try world.apply(.joinFamily(customer: "p7", familyId: "big")) }
    #expect(world.state.customer("p7")?.familyId == nil)
    try world.apply(.leaveFamily(customer: "p1"))
    try world.apply(.joinFamily(customer: "p7", familyId: "big"))
  }

  /// A subscription in billing retry serves nobody, so a newcomer gets it when billing recovers,
  /// not at joining (a SUBSCRIBED for a lapsed service would tell the member's app to unlock).
  @Test func aNewcomerGetsASubscriptionInBillingRetryWhenItRecovers() throws {
    var world = try TestWorld(customers: Self.family)
    try world.buy("family.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    try world.advance(to: date(2026, 2, 1) + 1)
    #expect(world.status("alice", "family") == .billingRetry)
    #expect(try world.apply(.joinFamily(customer: "carol", familyId: "smiths")).isEmpty)
    #expect(world.payloads("carol").isEmpty)
    try world.apply(.setBillingFails(customer: "alice", fails: false))
    let recovered = try world.advance(by: 2 * day)
    #expect(recovered.filter { $0 == "SUBSCRIBED/INITIAL_BUY" }.count == 1)
    #expect(world.payloads("carol").map(\.inAppOwnershipType) == [.familyShared])
    #expect(world.state.status(of: world.state.sharedChains(of: "carol")[0]) == .active)
  }

  @Test func joiningLaterGrantsAccessAndARefundRevokesIt() throws {
    var world = try TestWorld(customers: Self.family)
    try world.buy("family.monthly")
    try world.buy("lifetime")
    #expect(
      try world.apply(.joinFamily(customer: "carol", familyId: "smiths")) == [
        "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE",
      ])
    let subscription = world.payloads().first!.transactionId!
    let refund = try world.apply(.refund(transactionId: subscription, reason: .other, percentage: 100_000))
    #expect(refund == ["REFUND", "REVOKE", "REVOKE"])
    let lifetime = world.payloads().last!.transactionId!
    #expect(
      try world.apply(.refund(transactionId: lifetime, reason: .other, percentage: 100_000)) == [
        "REFUND", "REVOKE", "REVOKE",
      ])
    #expect(throws: CommerceError.self) {
      try world.apply(
        .refund(transactionId: world.payloads("bob")[0].transactionId!, reason: .other, percentage: 100_000))
    }
  }
}
