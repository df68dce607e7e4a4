import AppStoreCommerce
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

@Suite("Sandbox renewal rates and limits; clock targets; the engine as a function")
struct SandboxAndClockTests {
  @Test func rateTableMatchesTheSpec() {
    let minute = Milliseconds.minute
    #expect(SandboxRenewalRate.fiveMinutes.length(of: .oneWeek) == 3 * minute)
    #expect(SandboxRenewalRate.fiveMinutes.length(of: .oneMonth) == 5 * minute)
    #expect(SandboxRenewalRate.fiveMinutes.length(of: .oneYear) == 60 * minute)
    #expect(SandboxRenewalRate.threeMinutes.length(of: .threeMonths) == 9 * minute)
    #expect(SandboxRenewalRate.fifteenMinutes.length(of: .oneWeek) == 5 * minute)
    #expect(SandboxRenewalRate.thirtyMinutes.length(of: .twoMonths) == 60 * minute)
    #expect(SandboxRenewalRate.oneHour.length(of: .oneYear) == 12 * 60 * minute)
    #expect(SandboxRenewalRate.oneHour.length(of: .oneWeek) == 15 * minute)
  }

  @Test func sandboxRenewsTwelveTimesThenStops() throws {
    var world = try TestWorld(.sandbox)
    try world.buy("premium.monthly")
    #expect(world.lastPayload.environment == "Sandbox" && world.lastPayload.transactionId!.hasPrefix("1"))
    let events = try world.advance(by: 2 * Milliseconds.hour)
    #expect(events == Array(repeating: "DID_RENEW", count: 12) + ["EXPIRED/VOLUNTARY"])
    let payloads = world.payloads()
    #expect(payloads.count == 13)
    #expect(payloads.last?.expiresDate == start + 13 * 5 * Milliseconds.minute)
    #expect(
      world.renewalInfo()?.autoRenewStatus == 0 && world.renewalInfo()?.expirationIntent == .customerCancelled
    )
  }

  @Test func eachTesterHasTheirOwnRate() throws {
    var world = try TestWorld(
      .sandbox,
      customers: [CommerceCustomer(id: "alice"), CommerceCustomer(id: "slow", renewalRate: .oneHour)])
    try world.buy("alice", "premium.monthly")
    try world.buy("slow", "premium.monthly")
    try world.advance(by: Milliseconds.hour)
    #expect(world.payloads("alice").count == 13)
    #expect(world.payloads("slow").count == 2)
    try world.apply(.setRenewalRate(customer: "slow", rate: .threeMinutes))
    try world.advance(by: Milliseconds.hour + 2 * Milliseconds.minute)
    #expect(world.payloads("slow").count == 3)
  }

  @Test func aFailingTesterGetsShortenedGraceAndRetry() throws {
    var settings = CommerceSettings.sandbox
    settings.gracePeriod = GracePeriodSetting(enabled: true, duration: .sixteenDays)
    var world = try TestWorld(settings, customers: [CommerceCustomer(id: "alice", billingFails: true)])
    #expect(throws: CommerceError("alice's payment fails; the purchase is refused")) {
      try world.buy("premium.monthly")
    }
    try world.apply(.setBillingFails(customer: "alice", fails: false))
    try world.buy("premium.monthly")
    try world.apply(.setBillingFails(customer: "alice", fails: true))
    let failedAt = start + 5 * Milliseconds.minute
    #expect(try world.advance(to: failedAt) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
    // 16 of 30 days of a 5-minute month: 160 seconds; 60 days: 10 minutes.
    #expect(world.renewalInfo()?.gracePeriodExpiresDate == failedAt + 160 * Milliseconds.second)
    #expect(
      try world.advance(by: 10 * Milliseconds.minute).filter { $0 != "-" } == [
        "GRACE_PERIOD_EXPIRED", "EXPIRED/BILLING_RETRY",
      ])
  }

  @Test func clearingHistoryStartsTheTesterOver() throws {
    var world = try TestWorld(.sandbox)
    try world.buy("premium.yearly")
    #expect(world.lastPayload.offerType == .introductory)
    let first = world.lastPayload.originalTransactionId
    try world.apply(.clearPurchaseHistory(customer: "alice"))
    #expect(world.payloads().isEmpty && world.chain() == nil)
    // A cleared tester is a new subscriber: the free week is theirs again.
    #expect(try world.buy("premium.yearly") == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(world.lastPayload.offerType == .introductory)
    #expect(world.lastPayload.originalTransactionId != first)
    #expect(try world.advance(by: 3 * Milliseconds.minute) == ["DID_RENEW"])
    var production = try TestWorld()
    #expect(throws: CommerceError.self) { try production.apply(.clearPurchaseHistory(customer: "alice")) }
  }

  @Test func clockTargetsLandBeforeAtAndAfterRenewals() throws {
    var world = try TestWorld(customers: [CommerceCustomer(id: "alice"), CommerceCustomer(id: "bob")])
    #expect(throws: CommerceError.self) { try world.state.resolve(CommerceClockTarget()) }
    try world.buy("alice", "premium.monthly")
    try world.advance(by: day)
    try world.buy("bob", "weekly.news")
    let renewal = start + day + 7 * day
    #expect(try world.state.resolve(CommerceClockTarget(offset: -1)) == renewal - 1)
    #expect(try world.state.resolve(CommerceClockTarget(customer: "alice")) == date(2026, 2, 1))
    try world.advance(to: try world.state.resolve(CommerceClockTarget(offset: -1)))
    #expect(world.payloads("bob").count == 1)
    #expect(try world.state.resolve(CommerceClockTarget(offset: 1)) == renewal + 1)
    try world.advance(to: try world.state.resolve(CommerceClockTarget(offset: 0)))
    #expect(world.payloads("bob").count == 2)
    // Once a renewal has happened, targets name the next one.
    #expect(try world.state.resolve(CommerceClockTarget(offset: 0)) == renewal + 7 * day)
    try world.apply(.setBillingFails(customer: "bob", fails: true))
    try world.advance(to: renewal + 7 * day)
    #expect(try world.state.resolve(CommerceClockTarget(kind: .retry, customer: "bob")) == renewal + 8 * day)
    #expect(try world.state.resolve(CommerceClockTarget(kind: .retryEnd)) == renewal + 67 * day)
    #expect(throws: CommerceError.self) { try world.state.resolve(CommerceClockTarget(kind: .graceEnd)) }
  }

  @Test func theEngineIsAPureFunctionAndRefusalsChangeNothing() throws {
    let world = try TestWorld()
    let before = world.state
    let (after, events) = try CommerceEngine.apply(
      .purchase(PurchaseRequest(customer: "alice", productId: "premium.monthly")), to: before)
    #expect(world.state == before && after != before)
    #expect(events.map { $0.notification?.text } == ["SUBSCRIBED/INITIAL_BUY"])
    let (again, eventsAgain) = try CommerceEngine.apply(
      .purchase(PurchaseRequest(customer: "alice", productId: "premium.monthly")), to: before)
    #expect(again == after && eventsAgain == events)
    #expect(throws: CommerceError.self) { try CommerceEngine.apply(.advanceClock(to: start - 1), to: after) }
    let event = try #require(events.first)
    #expect(event.chain.map { after.status(of: $0) } == .active)
    #expect(
      event.transaction.map { after.payload(of: $0, signedDate: start).transactionReason } == .purchase)
  }

  @Test func monthArithmeticMatchesFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<2_000 {
      let time = Int64(generator.next() % 4_000_000_000_000) + 1_000_000
      for duration in SubscriptionDuration.allCases {
        let expected = calendar.date(
          byAdding: duration.months.map { DateComponents(month: $0) } ?? DateComponents(day: duration.days!),
          to: Date(timeIntervalSince1970: Double(time) / 1000))!
        // 3 days and 2 weeks are free-trial lengths only: the trial's period is the one measured.
        let trial = Offer(id: "t", type: .introductory, discount: .freeTrial, period: duration)
        let product = Product(
          id: "p", type: .autoRenewable, prices: ["USA": Price(milliunits: 1, currency: "USD")],
          subscription: SubscriptionInfo(
            groupId: "g", level: 1, duration: duration.isSubscriptionPeriod ? duration : .oneMonth),
          offers: duration.isSubscriptionPeriod ? [] : [trial])
        var state = CommerceState(now: time, settings: .production, seed: 1)
        try state.apply(.addProduct(product))
        try state.apply(.addCustomer(CommerceCustomer(id: "c")))
        try state.apply(
          .purchase(
            PurchaseRequest(
              customer: "c", productId: "p")))
        let expires = state.transactions[0].expiresDate!
        #expect(expires == Int64((expected.timeIntervalSince1970 * 1000).rounded()), "\(time) \(duration)")
      }
    }
  }
}
