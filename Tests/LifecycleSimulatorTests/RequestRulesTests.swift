import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Refreshes, per-transaction tokens, eligibility (SPEC 3, 5, 6, 10)")
struct RequestRulesTests {
  @Test func refreshedTokenSharesDatesWithNewId() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    let first = try #require(try world.request(.services, on: "a1"))
    try world.run(.forceRefresh)
    let refreshed = try #require(try world.request(.services, on: "a1"))
    #expect(refreshed.1 == .refreshed)
    #expect(refreshed.0.isRefresh)
    #expect(refreshed.0.token.tokenCreationDate == first.0.token.tokenCreationDate)
    #expect(refreshed.0.token.tokenExpirationDate == first.0.token.tokenExpirationDate)
    #expect(refreshed.0.token.externalPurchaseId != first.0.token.externalPurchaseId)
    let after = try #require(try world.request(.services, on: "a1"))
    #expect(after.1 == .same, "forcing applies to one request only")
    #expect(after.0.token.externalPurchaseId == refreshed.0.token.externalPurchaseId)
  }

  @Test(arguments: [
    (3, [false, false, true, false, false, true]), (1, [true, true, true, true, true, true]),
  ])
  func everyNthRequestRefreshes(n: Int, expected: [Bool]) throws {
    var rules = LifecycleRules.production
    rules.refreshPolicy = .everyNth(n)
    var world = TestWorlds.eu(rules: rules)
    try world.run(.install(device: "a1"))
    var refreshes: [Bool] = []
    for _ in 0..<6 { refreshes.append(try #require(try world.request(.services, on: "a1")).1 == .refreshed) }
    #expect(refreshes == expected)
  }

  @Test func inAppGivesANewTokenEveryRequest() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "k1"))
    let first = try #require(try world.request(.inApp, on: "k1"))
    let second = try #require(try world.request(.inApp, on: "k1"))
    #expect(first.1 == .newPeriod && second.1 == .newPeriod)
    #expect(first.0.token.externalPurchaseId != second.0.token.externalPurchaseId)
    #expect(first.0.token.tokenType == .inApp)
  }

  @Test func inAppNeedsIOS264() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "k1"))
    try world.run(.setOSVersion(device: "k1", version: OSVersion(26, 3)))
    guard
      case .token(.notEligible(.osTooOld(_, _, let required, _))) = try world.run(
        .requestToken(device: "k1", type: .linkOut))
    else {
      Issue.record("LINK_OUT on iOS 26.3 should throw")
      return
    }
    #expect(required == OSVersion(26, 4))
  }

  @Test func ineligibleStorefrontThrows() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    try world.run(.setStorefront(device: "a1", storefront: "de"))
    guard case .eligibility(.notEligible(let reason)) = try world.run(.checkEligibility(device: "a1")) else {
      Issue.record("de is not in the app's custom link regions")
      return
    }
    #expect(reason.code == "region")
    guard case .token(.notEligible) = try world.run(.requestToken(device: "a1", type: .services)) else {
      Issue.record("token(for:) must throw when not eligible")
      return
    }
  }

  @Test func customLinksNeedIOS181() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.setOSVersion(device: "a1", version: OSVersion(18, 0)))
    try world.run(.install(device: "a1"))
    guard case .eligibility(.notEligible(.osTooOld)) = try world.run(.checkEligibility(device: "a1")) else {
      Issue.record("iOS 18.0 lacks ExternalPurchaseCustomLink")
      return
    }
  }

  @Test func linkOutAppendsTokenAndBundleId() throws {
    var world = TestWorlds.eu(rules: .production)
    world.app.infoPlist.linkDestinations = ["nl": "https://example.com/buy"]
    try world.run(.install(device: "a1"))
    guard case .legacy(.token(let index)) = try world.run(.openLinkOut(device: "a1", url: nil)),
      let url = world.tokens[index].linkOutURL
    else {
      Issue.record("link-out should give a token")
      return
    }
    #expect(
      url == "https://example.com/buy?externalPurchaseToken=\(world.tokens[index].raw)&bundleId=com.example")
    #expect(world.tokens[index].token.kind == .plain)
  }

  @Test func noticeSheetNeedsItsEntitlement() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    guard case .legacy(.unavailable(.missingEntitlement)) = try world.run(.presentNoticeSheet(device: "a1"))
    else {
      Issue.record("no external-purchase entitlement in this world")
      return
    }
  }

  @Test func failedEventLeavesWorldUnchanged() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    let before = world
    #expect((try? world.apply(.requestToken(device: "a1", type: .services))) == nil)
    #expect((try? world.apply(.advanceClock(to: TestWorlds.start - 1))) == nil)
    #expect((try? world.apply(.install(device: "nope"))) == nil)
    #expect(world == before)
  }
}
