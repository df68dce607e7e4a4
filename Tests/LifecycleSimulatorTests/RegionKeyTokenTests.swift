import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// Apple makes ACQUISITION and SERVICES tokens only for an app that configures
/// `SKExternalPurchaseCustomLinkRegions` or `SKExternalPurchaseLinkStreamingRegions` (SPEC 4): an
/// app with the allowed-regions entitlement alone gets IN_APP and LINK_OUT, and no period from
/// any qualifying event or request.
@Suite("Rules: custom link periods need a region key")
struct RegionKeyTokenTests {
  /// The test world's app with its Info.plist keys replaced by `keys`, and the EU-wide
  /// allowed-regions entitlement, so every EU storefront stays eligible without a key.
  static func world(rules: LifecycleRules, keys: InfoPlistKeys) -> WorldState {
    var world = TestWorlds.eu(rules: rules)
    var app = world.app
    app.infoPlist = keys
    app.entitlements.customPurchaseLinkAllowedRegions = ["nl", "fr", "jp"]
    try? world.apply(.setApp(app))
    return world
  }

  @Test func aFirstInstallStartsNothingForAnAppWithNeitherKey() throws {
    var world = Self.world(rules: .production, keys: InfoPlistKeys())
    var simulation = Simulation(initial: world)
    let outcome = try simulation.apply(.install(device: "a1"))
    guard case .lifecycle(let started) = outcome.result else {
      Issue.record("install gave no lifecycle result")
      return
    }
    #expect(started.isEmpty)
    let explained = outcome.log.filter { $0.topic == .noPeriodStarted }
    #expect(
      explained.first?.message.contains("SKExternalPurchaseCustomLinkRegions") == true, "\(outcome.log)")
    world = simulation.world
    try world.run(.update(device: "a1", version: "1.1"))
    #expect(world.periods.isEmpty, "an update starts no SERVICES period either")
    #expect(try world.request(.services, on: "a1") == nil)
    #expect(try world.request(.acquisition, on: "a1") == nil)
  }

  @Test func aSandboxRequestStartsNothingForAnAppWithNeitherKeyButPerTransactionTokensCome() throws {
    var world = Self.world(rules: .sandbox, keys: InfoPlistKeys())
    // The allowed-regions entitlement counts from iOS 26.2 on.
    try world.run(.setOSVersion(device: "a1", version: OSVersion(26, 4)))
    try world.run(.install(device: "k1"))
    try world.run(.install(device: "a1"))
    let answer = try world.run(.requestToken(device: "a1", type: .services))
    guard case .token(.noToken(let reason)) = answer else {
      Issue.record("a SERVICES request to an app with neither key: \(answer)")
      return
    }
    #expect(reason.contains("SKExternalPurchaseLinkStreamingRegions"))
    #expect(try world.request(.inApp, on: "k1") != nil, "IN_APP in Japan needs the entitlement alone")
  }

  @Test(arguments: [
    InfoPlistKeys(customLinkRegions: ["nl"]), InfoPlistKeys(streamingRegions: ["nl"]),
  ])
  func eitherKeyIsEnough(keys: InfoPlistKeys) throws {
    var world = Self.world(rules: .production, keys: keys)
    try world.run(.install(device: "a1"))
    #expect(world.periods.map(\.type) == [.acquisition, .services])
  }
}
