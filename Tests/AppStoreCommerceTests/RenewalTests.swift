import AppStoreCommerce
import LifecycleSimulator
import Testing

@Suite("Renewals, auto-renew, billing retry, grace period and expiry")
struct RenewalTests {
  static let graceSettings: CommerceSettings = {
    var settings = CommerceSettings.production
    settings.gracePeriod = GracePeriodSetting(enabled: true, duration: .sixteenDays)
    return settings
  }()

  @Test func renewalsExtendOneChainOnCalendarMonths() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    #expect(try world.advance(to: date(2026, 4, 1)) == ["DID_RENEW", "DID_RENEW", "DID_RENEW"])
    let payloads = world.payloads()
    #expect(
      payloads.map(\.expiresDate) == [date(2026, 2, 1), date(2026, 3, 1), date(2026, 4, 1), date(2026, 5, 1)])
    #expect(payloads.dropFirst().map(\.purchaseDate) == payloads.dropLast().map(\.expiresDate))
    #expect(Set(payloads.map(\.originalTransactionId)).count == 1)
    #expect(Set(payloads.map(\.webOrderLineItemId)).count == 4)
    #expect(payloads.dropFirst().allSatisfy { $0.transactionReason == .renewal })
    #expect(world.renewalInfo()?.renewalDate == date(2026, 5, 1))
    #expect(world.renewalInfo()?.autoRenewStatus == 1 && world.renewalInfo()?.isInBillingRetryPeriod == false)
  }

  @Test func turningAutoRenewOffExpiresVoluntarilyAndOnAgainRenews() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let off = try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    #expect(off == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
    #expect(world.renewalInfo()?.autoRenewStatus == 0)
    let on = try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: true))
    #expect(on == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED"])
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_RENEW"])
    try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    #expect(try world.advance(to: date(2026, 3, 1) - 1) == [])
    #expect(world.status() == .active)
    #expect(try world.advance(by: 1) == ["EXPIRED/VOLUNTARY"])
    #expect(world.status() == .expired && world.renewalInfo()?.expirationIntent == .customerCancelled)
    #expect(throws: CommerceError.self) {
      try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: true))
    }
  }

  @Test func failureWithGraceThenRetryThenExpiry() throws {
    var world = try TestWorld(Self.graceSettings)
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    let failedAt = date(2026, 2, 1)
    #expect(try world.advance(to: failedAt) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
    #expect(world.status() == .billingGracePeriod && world.log.last?.status == .billingGracePeriod)
    #expect(world.renewalInfo()?.gracePeriodExpiresDate == failedAt + 16 * day)
    #expect(world.renewalInfo()?.isInBillingRetryPeriod == true)
    // "-": a failed retry attempt, which Apple notifies nobody of but the log shows.
    #expect(try world.advance(to: failedAt + 16 * day).filter { $0 != "-" } == ["GRACE_PERIOD_EXPIRED"])
    #expect(world.status() == .billingRetry)
    #expect(world.renewalInfo()?.gracePeriodExpiresDate == nil)
    #expect(try world.advance(to: failedAt + 60 * day - 1).allSatisfy { $0 == "-" })
    #expect(try world.advance(by: 1).filter { $0 != "-" } == ["EXPIRED/BILLING_RETRY"])
    #expect(world.status() == .expired && world.renewalInfo()?.expirationIntent == .billingError)
    let attempts = world.log.filter { $0.summary.hasPrefix("billing retry attempt failed") }
    #expect(attempts.count >= 2, "each failed attempt is an event of its own")
    #expect(
      attempts.allSatisfy { $0.notification == nil && $0.time > failedAt && $0.time <= failedAt + 60 * day })
    #expect(zip(attempts, attempts.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(world.payloads().count == 1)
  }

  @Test func failureWithoutGraceGoesStraightToRetry() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_FAIL_TO_RENEW"])
    #expect(world.status() == .billingRetry && world.renewalInfo()?.gracePeriodExpiresDate == nil)
  }

  @Test(arguments: [GracePeriodDuration.threeDays, .sixteenDays, .twentyEightDays])
  func graceLastsTheChosenDays(duration: GracePeriodDuration) throws {
    var settings = Self.graceSettings
    settings.gracePeriod.duration = duration
    var world = try TestWorld(settings)
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    try world.advance(to: date(2026, 2, 1))
    let end = date(2026, 2, 1) + Int64(duration.rawValue) * day
    #expect(try world.state.resolve(CommerceClockTarget(kind: .graceEnd)) == end)
    try world.advance(to: end - 1)
    #expect(world.status() == .billingGracePeriod)
    try world.advance(by: 1)
    #expect(world.status() == .billingRetry)
  }

  @Test func paidToPaidGraceSkipsTheEndOfAFreeTrial() throws {
    var settings = Self.graceSettings
    settings.gracePeriod.renewals = .paidToPaidOnly
    var world = try TestWorld(settings)
    try world.buy("premium.yearly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    #expect(try world.advance(by: 7 * day) == ["DID_FAIL_TO_RENEW"])
  }

  @Test func recoveryInGraceKeepsTheRenewalDate() throws {
    var world = try TestWorld(Self.graceSettings)
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    try world.advance(to: date(2026, 2, 1) + 2 * day + 1)
    try world.apply(.setBillingFails(customer: "alice", fails: false))
    #expect(try world.advance(to: date(2026, 2, 4)) == ["DID_RENEW/BILLING_RECOVERY"])
    #expect(world.lastPayload.purchaseDate == date(2026, 2, 4))
    #expect(world.lastPayload.expiresDate == date(2026, 3, 1))
    #expect(world.status() == .active)
  }

  @Test func recoveryAfterGraceStartsANewPeriod() throws {
    var world = try TestWorld(Self.graceSettings)
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    try world.advance(to: date(2026, 2, 20) + 1)
    try world.apply(.setBillingFails(customer: "alice", fails: false))
    #expect(try world.advance(to: date(2026, 2, 21)) == ["DID_RENEW/BILLING_RECOVERY"])
    #expect(world.lastPayload.expiresDate == date(2026, 3, 21))
  }

  @Test func autoRenewOffDuringRetryEndsIt() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    try world.advance(to: date(2026, 2, 1))
    let events = try world.apply(.setAutoRenew(customer: "alice", groupId: "premium", enabled: false))
    #expect(events == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
    #expect(world.status() == .expired)
  }

  @Test func productRemovedFromSaleExpiresWithIntentFour() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.apply(.setForSale(productId: "premium.monthly", forSale: false))
    #expect(try world.advance(to: date(2026, 2, 1)) == ["EXPIRED/PRODUCT_NOT_FOR_SALE"])
    #expect(world.renewalInfo()?.expirationIntent == .productNotAvailable)
  }

  /// A renewal fails, the product leaves sale, billing recovers: the next retry does not charge
  /// for the product but ends the subscription (issue 25; SPEC-APPSTORE 3.2 intent 4, 5.3).
  @Test(arguments: [false, true])
  func aRetryOfAProductNoLongerForSaleExpiresInsteadOfRecovering(billingRecovers: Bool) throws {
    var world = try TestWorld(Self.graceSettings)
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
    try world.apply(.setForSale(productId: "premium.monthly", forSale: false))
    if billingRecovers { try world.apply(.setBillingFails(customer: "alice", fails: false)) }
    let transactions = world.payloads().count
    #expect(try world.advance(to: date(2026, 2, 2)) == ["EXPIRED/PRODUCT_NOT_FOR_SALE"])
    #expect(world.payloads().count == transactions, "nobody is charged")
    #expect(world.status() == .expired)
    #expect(world.renewalInfo()?.expirationIntent == .productNotAvailable)
    #expect(world.renewalInfo()?.isInBillingRetryPeriod == false)
  }

  @Test func priceIncreaseNeedsConsentOrExpires() throws {
    var world = try TestWorld(customers: [CommerceCustomer(id: "alice"), CommerceCustomer(id: "bob")])
    try world.buy("alice", "premium.monthly")
    try world.buy("bob", "premium.monthly")
    let raise = try world.apply(
      .raisePrice(productId: "premium.monthly", storefront: "USA", milliunits: 11990, needsConsent: true))
    #expect(raise == ["PRICE_INCREASE/PENDING", "PRICE_INCREASE/PENDING"])
    #expect(world.renewalInfo()?.priceIncreaseStatus == 0 && world.renewalInfo()?.renewalPrice == 9990)
    #expect(
      try world.apply(.consentToPriceIncrease(customer: "bob", groupId: "premium")) == [
        "PRICE_INCREASE/ACCEPTED"
      ])
    #expect(
      world.renewalInfo("bob")?.priceIncreaseStatus == 1 && world.renewalInfo("bob")?.renewalPrice == 11990)
    #expect(try world.advance(to: date(2026, 2, 1)) == ["EXPIRED/PRICE_INCREASE", "DID_RENEW"])
    #expect(world.renewalInfo()?.expirationIntent == .noPriceIncreaseConsent)
    #expect(world.payloads("bob").last?.price == 11990)
    #expect(world.renewalInfo("bob")?.priceIncreaseStatus == nil)
  }

  @Test func priceIncreaseWithoutConsentIsAnnouncedAndCharged() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let raise = try world.apply(
      .raisePrice(productId: "premium.monthly", storefront: "USA", milliunits: 10490, needsConsent: false))
    #expect(raise == ["PRICE_INCREASE/ACCEPTED"])
    #expect(try world.advance(to: date(2026, 2, 1)) == ["DID_RENEW"])
    #expect(world.lastPayload.price == 10490)
  }
}
