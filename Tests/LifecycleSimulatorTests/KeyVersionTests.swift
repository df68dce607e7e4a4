import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// SPEC 6's minimum versions of keys and entitlements, applied by the engine under `osGating`:
/// a key or entitlement the device's OS does not know cannot make the app eligible.
@Suite("Key and entitlement minimum versions (SPEC 6)")
struct KeyVersionTests {
  static func world(
    entitlements: Entitlements, keys: InfoPlistKeys, platform: Platform = .iOS, os: OSVersion,
    storefront: String, rules: LifecycleRules = .sandbox
  ) -> WorldState {
    var world = WorldState(
      now: TestWorlds.start, rules: rules,
      app: AppConfiguration(
        bundleId: "com.example", appAppleId: 1, entitlements: entitlements, infoPlist: keys),
      seed: 1, customers: [Customer(id: "c")],
      devices: [Device(id: "d", customerId: "c", platform: platform, osVersion: os, storefront: storefront)])
    _ = try? world.apply(.install(device: "d"))
    return world
  }

  static func eligibility(_ world: inout WorldState) throws -> EligibilityVerdict? {
    guard case .eligibility(let verdict) = try world.run(.checkEligibility(device: "d")) else { return nil }
    return verdict
  }

  /// The allowed-regions entitlement is 26.2+: on 26.1 it lists jp in vain; on 26.2 it counts.
  @Test func allowedRegionsEntitlementNeeds26_2() throws {
    let entitlements = Entitlements(customPurchaseLinkAllowedRegions: ["jp"])
    var old = Self.world(
      entitlements: entitlements, keys: InfoPlistKeys(), os: OSVersion(26, 1), storefront: "jp")
    let verdict = try Self.eligibility(&old)
    let expected = Ineligibility.keyNeedsNewerOS(
      key: KeyAvailability.allowedRegionsEntitlement.name, storefront: "jp", platform: .iOS,
      version: OSVersion(26, 1), required: OSVersion(26, 2))
    #expect(verdict == .notEligible(expected))
    #expect(expected.code == "os-too-old")
    #expect(
      expected.description
        == "storefront jp is listed only in com.apple.developer.storekit.custom-purchase-link.allowed-regions, "
        + "which needs iOS 26.2 or later; the device runs 26.1")
    // The issue's case: iOS 18.1 in an allowed-regions-only storefront gets no token.
    var issue = Self.world(
      entitlements: entitlements, keys: InfoPlistKeys(), os: OSVersion(18, 1), storefront: "nl")
    issue.app.entitlements.customPurchaseLinkAllowedRegions = ["nl"]
    guard case .token(.notEligible(let reason)) = try issue.run(.requestToken(device: "d", type: .services))
    else {
      Issue.record("expected a refusal")
      return
    }
    #expect(reason.code == "os-too-old")
    var new = Self.world(
      entitlements: entitlements, keys: InfoPlistKeys(), os: OSVersion(26, 2), storefront: "jp")
    #expect(try Self.eligibility(&new) == .eligible)
  }

  /// `SKExternalPurchaseLinkStreamingRegions` is 18.2+ on iOS and has no effect on macOS.
  @Test func streamingRegionsNeed18_2AndIOS() throws {
    let entitlements = Entitlements(externalPurchaseLinkStreaming: true)
    let keys = InfoPlistKeys(streamingRegions: ["nl"])
    var old = Self.world(entitlements: entitlements, keys: keys, os: OSVersion(18, 1), storefront: "nl")
    guard case .notEligible(let reason) = try Self.eligibility(&old) else {
      Issue.record("18.1 should not count the streaming key")
      return
    }
    #expect(reason.code == "os-too-old")
    #expect(reason.description.contains("needs iOS 18.2 or later; the device runs 18.1"))
    var new = Self.world(entitlements: entitlements, keys: keys, os: OSVersion(18, 2), storefront: "nl")
    #expect(try Self.eligibility(&new) == .eligible)
    var mac = Self.world(
      entitlements: entitlements, keys: keys, platform: .macOS, os: OSVersion(26, 0), storefront: "nl")
    guard case .notEligible(let macReason) = try Self.eligibility(&mac) else {
      Issue.record("macOS should not count the streaming key")
      return
    }
    #expect(macReason.code == "platform")
    #expect(macReason.description.hasSuffix("which has no effect on macOS"))
  }

  /// A storefront listed in an older key too stays eligible on the older OS.
  @Test func anOlderKeyListingTheStorefrontIsEnough() throws {
    let entitlements = Entitlements(
      externalPurchaseLink: true, externalPurchaseLinkStreaming: true,
      customPurchaseLinkAllowedRegions: ["nl"])
    let keys = InfoPlistKeys(customLinkRegions: ["nl"], streamingRegions: ["nl"])
    var world = Self.world(entitlements: entitlements, keys: keys, os: OSVersion(18, 1), storefront: "nl")
    #expect(try Self.eligibility(&world) == .eligible)
  }

  /// Of several keys all too new, the reason names the one an update reaches first.
  @Test func theReasonNamesTheEarliestKey() throws {
    let entitlements = Entitlements(
      externalPurchaseLinkStreaming: true, customPurchaseLinkAllowedRegions: ["nl"])
    let keys = InfoPlistKeys(streamingRegions: ["nl"])
    var world = Self.world(entitlements: entitlements, keys: keys, os: OSVersion(18, 1), storefront: "nl")
    #expect(
      try Self.eligibility(&world)
        == .notEligible(
          .keyNeedsNewerOS(
            key: "SKExternalPurchaseLinkStreamingRegions", storefront: "nl", platform: .iOS,
            version: OSVersion(18, 1), required: OSVersion(18, 2))))
  }

  /// With `osGating` off no version counts, as for the APIs themselves.
  @Test func osGatingOffIgnoresKeyVersions() throws {
    var rules = LifecycleRules.sandbox
    rules.osGating = false
    var world = Self.world(
      entitlements: Entitlements(customPurchaseLinkAllowedRegions: ["jp"]), keys: InfoPlistKeys(),
      os: OSVersion(18, 1), storefront: "jp", rules: rules)
    #expect(try Self.eligibility(&world) == .eligible)
  }

  /// `SKExternalPurchaseMultiLink` is 17.5+: on 17.4 link-out cannot use its destinations.
  @Test func multiLinkNeeds17_5ForLinkOut() throws {
    let entitlements = Entitlements(externalPurchaseLink: true)
    let multi = InfoPlistKeys(multiLinkDestinations: ["nl": ["https://example.com/multi"]])
    var old = Self.world(entitlements: entitlements, keys: multi, os: OSVersion(17, 4), storefront: "nl")
    guard case .legacy(.unavailable(let reason)) = try old.run(.openLinkOut(device: "d", url: nil)) else {
      Issue.record("17.4 should not use the MultiLink destination")
      return
    }
    #expect(
      reason
        == .keyNeedsNewerOS(
          key: "SKExternalPurchaseMultiLink", storefront: "nl", platform: .iOS, version: OSVersion(17, 4),
          required: OSVersion(17, 5)))
    var new = Self.world(entitlements: entitlements, keys: multi, os: OSVersion(17, 5), storefront: "nl")
    guard case .legacy(.token(let index)) = try new.run(.openLinkOut(device: "d", url: nil)) else {
      Issue.record("17.5 should open the MultiLink destination")
      return
    }
    #expect(new.tokens[index].linkOutURL?.hasPrefix("https://example.com/multi?") == true)
    // With the single-link key as well, 17.4 opens that one and never the MultiLink one.
    var both = multi
    both.linkDestinations = ["nl": "https://example.com/single"]
    var mixed = Self.world(entitlements: entitlements, keys: both, os: OSVersion(17, 4), storefront: "nl")
    #expect(mixed.linkOutDestinations(on: mixed.devices[0]) == ["https://example.com/single"])
    guard case .legacy(.token(let single)) = try mixed.run(.openLinkOut(device: "d", url: nil)) else {
      Issue.record("17.4 should open the single link")
      return
    }
    #expect(mixed.tokens[single].linkOutURL?.hasPrefix("https://example.com/single?") == true)
  }
}
