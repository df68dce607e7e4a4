import AppStoreCommerce
import LifecycleSimulator
import Testing

/// The events the App Store Server API causes: Set App Account Token, renewal-date extensions,
/// order ids.
@Suite("Commerce engine: account tokens, extensions, order ids")
struct DeveloperEventTests {
  let token = "6f3c1e4a-2b7d-4c9e-8a1f-0d5e6b7c8a9f"

  @Test func anAccountTokenReachesTheCurrentAndLaterRenewalsOnly() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(by: 31 * day)
    let original = try #require(world.chain()).originalTransactionId
    let events = try world.apply(.setAppAccountToken(originalTransactionId: String(original), token: token))
    #expect(events == ["-"])
    try world.advance(by: 31 * day)
    let tokens = world.state.transactions(of: "alice").map(\.appAccountToken)
    #expect(tokens == [nil, token, token])
    #expect(world.chain()?.appAccountToken == token)
  }

  @Test func anAccountTokenOnAOneTimePurchaseChangesThatTransaction() throws {
    var world = try TestWorld()
    try world.buy("lifetime")
    let id = try #require(world.state.transactions(of: "alice").first).transactionId
    try world.apply(.setAppAccountToken(originalTransactionId: String(id), token: token))
    #expect(world.state.transactions(of: "alice").first?.appAccountToken == token)
  }

  @Test func aRenewalIdIsNotAnOriginalAndIsRefused() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    try world.advance(by: 31 * day)
    let renewal = try #require(world.state.transactions(of: "alice").last).transactionId
    let before = world.state
    #expect(throws: SimulationError.self) {
      try world.apply(.setAppAccountToken(originalTransactionId: String(renewal), token: token))
    }
    #expect(world.state == before)
  }

  @Test func anExtensionMovesThePeriodEndAndTheNextRenewal() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let chain = try #require(world.chain())
    let expires = chain.expiresDate
    #expect(
      try world.apply(
        .extendRenewalDate(originalTransactionId: String(chain.originalTransactionId), days: 10))
        == ["RENEWAL_EXTENDED"])
    #expect(world.chain()?.expiresDate == expires + 10 * day)
    #expect(world.state.transactions(of: "alice").last?.expiresDate == expires + 10 * day)
    // Nothing renews at the old date; the renewal comes at the new one.
    #expect(try world.advance(to: expires + 5 * day) == [])
    #expect(try world.advance(to: expires + 10 * day) == ["DID_RENEW"])
  }

  @Test func extensionsAreLimitedToTwoAYearAndToPaidActivePeriods() throws {
    var world = try TestWorld()
    try world.buy("premium.monthly")
    let original = try #require(world.chain()).originalTransactionId
    for _ in 0..<2 { try world.apply(.extendRenewalDate(originalTransactionId: String(original), days: 1)) }
    #expect(world.state.extensionRefusal(originalTransactionId: original) == .maximumReached)
    #expect(throws: SimulationError.self) {
      try world.apply(.extendRenewalDate(originalTransactionId: String(original), days: 1))
    }
    // A year later the count starts again.
    try world.advance(by: 366 * day)
    #expect(world.state.extensionRefusal(originalTransactionId: original) == nil)
    var trial = try TestWorld()
    try trial.buy("premium.yearly")
    let free = try #require(trial.chain()).originalTransactionId
    guard case .ineligible = trial.state.extensionRefusal(originalTransactionId: free) else {
      Issue.record("a free trial period must not be extendable")
      return
    }
    #expect(throws: SimulationError.self) {
      try trial.apply(.extendRenewalDate(originalTransactionId: String(free), days: 91))
    }
  }

  @Test func aMassExtensionCountsSuccessesAndFailuresAndEndsWithASummary() throws {
    var world = try TestWorld(customers: [
      CommerceCustomer(id: "alice"), CommerceCustomer(id: "bob"),
      CommerceCustomer(id: "chloe", storefront: "FRA"),
    ])
    // Alice's backend signed her out of the free week; Bob is on it, and a free period is not extended.
    try world.buy("alice", "premium.yearly", allowIntroductoryOffer: false)
    try world.buy("bob", "premium.yearly")
    try world.buy("chloe", "premium.yearly")
    let request = MassExtensionRequest(
      productId: "premium.yearly", extendByDays: 5, reasonCode: 3, requestIdentifier: "m1",
      storefronts: ["USA"])
    let notifications = try world.apply(.extendRenewalDates(request))
    #expect(notifications == ["RENEWAL_EXTENDED", "RENEWAL_EXTENSION/FAILURE", "RENEWAL_EXTENSION/SUMMARY"])
    let summary = try #require(world.state.massExtension("m1"))
    #expect(summary.succeededCount == 1)
    #expect(summary.failedCount == 1)
    #expect(world.log.last?.massExtension == summary)
    #expect(throws: SimulationError.self) { try world.apply(.extendRenewalDates(request)) }
  }

  @Test func orderIdsAreSeededTenCharactersAndOnlyForCharges() throws {
    var world = try TestWorld(customers: [
      CommerceCustomer(id: "alice", familyId: "f"), CommerceCustomer(id: "bob", familyId: "f"),
    ])
    try world.buy("lifetime")
    let transactions = Array(world.state.transactions)
    let purchase = try #require(transactions.first { $0.ownership == .purchased })
    let copy = try #require(transactions.first { $0.ownership == .familyShared })
    let order = try #require(world.state.orderId(of: purchase))
    #expect(order.count == 10)
    #expect(order.allSatisfy { $0.isNumber || ($0.isLetter && $0.isUppercase) })
    #expect(world.state.orderId(of: copy) == nil)
    var again = try TestWorld(customers: [
      CommerceCustomer(id: "alice", familyId: "f"), CommerceCustomer(id: "bob", familyId: "f"),
    ])
    try again.buy("lifetime")
    #expect(again.state.orderId(of: Array(again.state.transactions)[0]) == order)
    var other = try TestWorld(seed: 8)
    try other.buy("lifetime")
    #expect(other.state.orderId(of: Array(other.state.transactions)[0]) != order)
  }
}
