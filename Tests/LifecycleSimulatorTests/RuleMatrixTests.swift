import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The `creation` x `servicesRenewal` matrix: `creation` decides what starts a customer's first
/// SERVICES period, `servicesRenewal` what starts every later one (docs/scenarios.md).
@Suite("Rule matrix: creation x services-renewal")
struct RuleMatrixTests {
  static func lifecycleStarted(_ result: EventResult) -> Int? {
    guard case .lifecycle(let started) = result else { return nil }
    return started.count
  }

  /// `creation first-request` + `services-renewal qualifying-event`: no event starts the first
  /// period (a request does); after it expired, only an update or redownload starts the next.
  @Test func firstRequestThenRenewalOnEvents() throws {
    var rules = LifecycleRules.sandbox
    rules.servicesRenewal = .onQualifyingEvent
    var world = TestWorlds.eu(rules: rules)
    #expect(Self.lifecycleStarted(try world.run(.install(device: "a1"))) == 0)
    #expect(
      Self.lifecycleStarted(try world.run(.update(device: "a1", version: nil))) == 0, "not the first period")
    #expect(try world.request(.services, on: "a1")?.1 == .newPeriod)
    try world.advance(by: Milliseconds.hour)
    guard case .token(.noToken(let reason)) = try world.run(.requestToken(device: "a1", type: .services))
    else {
      Issue.record("a request must not renew SERVICES here")
      return
    }
    #expect(reason.hasSuffix("a new one starts only on an update or redownload"))
    #expect(Self.lifecycleStarted(try world.run(.update(device: "a1", version: nil))) == 1)
    #expect(world.periods(of: "alice", type: .services).map(\.ordinal) == [1, 2])
  }

  /// `creation qualifying-event` + `services-renewal request`: when no SERVICES period ever
  /// started, an update starts period 1 (as the nil message says); after one expired, an update
  /// starts nothing and a request starts the next.
  @Test func eventsFirstThenRenewalOnRequest() throws {
    var rules = LifecycleRules.production
    rules.servicesRenewal = .onRequest
    rules.creationNeedsEligibility = true
    var world = TestWorlds.eu(rules: rules)
    try world.run(.setStorefront(device: "a1", storefront: "us"))
    #expect(Self.lifecycleStarted(try world.run(.install(device: "a1"))) == 0, "not eligible in us")
    try world.run(.setStorefront(device: "a1", storefront: "nl"))
    guard case .token(.noToken(let reason)) = try world.run(.requestToken(device: "a1", type: .services))
    else {
      Issue.record("a request must not start the first period here")
      return
    }
    #expect(reason == "no SERVICES period: it starts on the first install, an update or a redownload")
    #expect(
      Self.lifecycleStarted(try world.run(.update(device: "a1", version: nil))) == 1, "as the message says")
    try world.advance(by: 365 * Milliseconds.day)
    #expect(
      Self.lifecycleStarted(try world.run(.update(device: "a1", version: nil))) == 0, "renewal is on request")
    #expect(try world.request(.services, on: "a1")?.1 == .newPeriod)
    #expect(world.periods(of: "alice", type: .services).map(\.ordinal) == [1, 2])
  }

  /// The presets are the matrix's diagonal and behave as before.
  @Test func presetsAreTheDiagonal() throws {
    var production = TestWorlds.eu(rules: .production)
    try production.run(.setStorefront(device: "a1", storefront: "us"))
    production.rules.creationNeedsEligibility = true
    try production.run(.install(device: "a1"))
    try production.run(.setStorefront(device: "a1", storefront: "nl"))
    #expect(Self.lifecycleStarted(try production.run(.update(device: "a1", version: nil))) == 1)
    var sandbox = TestWorlds.eu(rules: .sandbox)
    try sandbox.run(.install(device: "a1"))
    #expect(Self.lifecycleStarted(try sandbox.run(.update(device: "a1", version: nil))) == 0)
    #expect(try sandbox.request(.services, on: "a1")?.1 == .newPeriod)
    try sandbox.advance(by: Milliseconds.hour)
    #expect(Self.lifecycleStarted(try sandbox.run(.update(device: "a1", version: nil))) == 0)
    #expect(try sandbox.request(.services, on: "a1")?.1 == .newPeriod)
  }
}

/// `sheetAndLinkNeedPayments` and `perTransactionInBrazil`: assumptions with their settings.
@Suite("Payments for the notice sheet and link-out; Brazil for IN_APP and LINK_OUT")
struct AssumptionSettingTests {
  static func world(rules: LifecycleRules) -> WorldState {
    var world = WorldState(
      now: TestWorlds.start, rules: rules,
      app: AppConfiguration(
        bundleId: "com.example", appAppleId: 1,
        entitlements: Entitlements(
          externalPurchase: true, externalPurchaseLink: true,
          customPurchaseLinkAllowedRegions: ["br", "jp", "nl"]),
        infoPlist: InfoPlistKeys(
          externalPurchaseCountries: ["nl"], linkDestinations: ["nl": "https://example.com/buy"],
          customLinkRegions: ["nl"])),
      seed: 1,
      customers: [Customer(id: "poor", canMakePayments: false), Customer(id: "bia"), Customer(id: "ken")],
      devices: [
        Device(id: "p", customerId: "poor", platform: .iOS, osVersion: OSVersion(26, 4), storefront: "nl"),
        Device(id: "b", customerId: "bia", platform: .iOS, osVersion: OSVersion(26, 4), storefront: "br"),
        Device(id: "k", customerId: "ken", platform: .iOS, osVersion: OSVersion(26, 4), storefront: "jp"),
      ])
    for device in ["p", "b", "k"] { _ = try? world.apply(.install(device: device)) }
    return world
  }

  @Test func paymentsRefusalOfSheetAndLinkIsASetting() throws {
    var strict = Self.world(rules: .sandbox)
    #expect(
      LifecycleRules.sandbox.sheetAndLinkNeedPayments && LifecycleRules.production.sheetAndLinkNeedPayments)
    #expect(
      try strict.run(.presentNoticeSheet(device: "p"))
        == .legacy(.unavailable(.cannotMakePayments(customer: "poor"))))
    #expect(
      try strict.run(.openLinkOut(device: "p", url: nil))
        == .legacy(.unavailable(.cannotMakePayments(customer: "poor"))))
    var lenient = strict
    lenient.rules.sheetAndLinkNeedPayments = false
    guard case .legacy(.token) = try lenient.run(.presentNoticeSheet(device: "p")),
      case .legacy(.token) = try lenient.run(.openLinkOut(device: "p", url: nil))
    else {
      Issue.record("with the setting off both calls give tokens")
      return
    }
    // `isEligible` needs payments whatever the setting: SPEC 6 says so.
    #expect(
      try lenient.run(.checkEligibility(device: "p"))
        == .eligibility(.notEligible(.cannotMakePayments(customer: "poor"))))
  }

  @Test func brazilCanBeSwitchedOffAlone() throws {
    var world = Self.world(rules: .sandbox)
    #expect(try world.request(.inApp, on: "b") != nil)
    world.rules.perTransactionInBrazil = false
    #expect(
      try world.run(.requestToken(device: "b", type: .linkOut))
        == .token(.notEligible(.typeNotOffered(type: .linkOut, storefront: "br"))))
    #expect(try world.request(.inApp, on: "k") != nil, "Japan stays")
    world.rules.typeRegionGating = false
    #expect(
      try world.request(.inApp, on: "b") != nil, "with type-regions off, Brazil's switch does not matter")
  }
}
