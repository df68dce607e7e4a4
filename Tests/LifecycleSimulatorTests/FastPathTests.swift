import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The shortcuts the engine takes (in-place application, no log) must not change what it does:
/// a refused event leaves the world exactly as it was.
@Suite("Engine fast paths agree with the plain paths")
struct FastPathTests {
  @Test(arguments: [LifecycleRules.sandbox, .production])
  func applyWithoutLogGivesTheSameWorldAndResults(rules: LifecycleRules) {
    var refreshing = rules
    refreshing.refreshPolicy = .probability(0.4)
    for seed in UInt64(1)...20 {
      var logged = TestWorlds.eu(rules: refreshing, seed: seed)
      var quiet = logged
      var random = SeededGenerator(seed: seed &* 977)
      for _ in 0..<160 {
        let event = randomEvent(&random, now: logged.now)
        // The reference works on a copy, so a refused event cannot touch it.
        let reference = try? logged.applying(event)
        let before = logged
        let loggedResult = try? logged.apply(event).result
        let quietResult = try? quiet.applyWithoutLog(event)
        #expect(loggedResult == reference?.1.result, "seed \(seed): \(event.summary)")
        #expect(logged == reference?.0 ?? before, "in place equals the copy, seed \(seed): \(event.summary)")
        #expect(loggedResult == quietResult, "seed \(seed): \(event.summary)")
      }
      #expect(logged == quiet, "seed \(seed)")
    }
  }

  @Test func theLogIsStillWrittenByApply() throws {
    var world = TestWorlds.eu(rules: .production)
    let outcome = try world.apply(.install(device: "a1"))
    #expect(outcome.log.count >= 3, "event, first install, periods and tokens")
  }

  @Test func regionLookupMatchesTheRegionSet() {
    let storefronts = Regions.eu27.union(["jp", "br", "is", "no", "us", "kr", "gb", "ru"]).sorted()
    let configurations: [(Entitlements, InfoPlistKeys)] = [
      (Entitlements(), InfoPlistKeys(customLinkRegions: ["nl"])),
      (Entitlements(externalPurchaseLink: true), InfoPlistKeys(customLinkRegions: ["nl", "fr", "jp", "us"])),
      (
        Entitlements(externalPurchaseLinkStreaming: true),
        InfoPlistKeys(streamingRegions: ["is", "no", "de", "jp"])
      ),
      (Entitlements(customPurchaseLinkAllowedRegions: ["jp", "br", "us", "it"]), InfoPlistKeys()),
      (
        Entitlements(
          externalPurchaseLink: true, externalPurchaseLinkStreaming: true,
          customPurchaseLinkAllowedRegions: ["br"]),
        InfoPlistKeys(customLinkRegions: ["se"], streamingRegions: ["no"])
      ),
    ]
    for (entitlements, keys) in configurations {
      var world = TestWorlds.eu(rules: .production)
      world.app.entitlements = entitlements
      world.app.infoPlist = keys
      for storefront in storefronts {
        #expect(
          world.customLinkRegionsContain(storefront) == world.customLinkRegions.contains(storefront),
          "\(storefront) with \(entitlements) \(keys)")
      }
    }
  }

  /// Valid and refused events alike: refusals must leave both worlds untouched.
  private func randomEvent(_ random: inout SeededGenerator, now: VirtualTime) -> WorldEvent {
    let device = ["a1", "a2", "k1", "nobody"][Int(random.next() % 4)]
    switch random.next() % 16 {
    case 0: return .install(device: device)
    case 1: return .update(device: device, version: nil)
    case 2: return .redownload(device: device)
    case 3: return .uninstall(device: device)
    case 4: return .forceRefresh
    case 5:
      return .advanceClock(to: now + [1, Milliseconds.hour, 40 * Milliseconds.day][Int(random.next() % 3)])
    case 6: return .presentNoticeSheet(device: device)
    case 7:
      return .openLinkOut(device: device, url: random.next() % 2 == 0 ? nil : "https://elsewhere.example")
    case 8: return .advanceClock(to: now - 1)
    case 9:
      return .setStorefront(device: device, storefront: ["jp", "fr", "us", "XX"][Int(random.next() % 4)])
    case 10: return .addCustomer(Customer(id: ["alice", "zoe"][Int(random.next() % 2)]))
    case 11: return .setCanMakePayments(customer: "alice", allowed: random.next() % 4 != 0)
    case 12:
      return .requestTypedToken(device: device, request: random.next() % 2 == 0 ? .withinApp : .outOfApp)
    case 13:
      return .setOSVersion(
        device: device, version: [OSVersion(26, 4), OSVersion(27, 2)][Int(random.next() % 2)])
    default: return .requestToken(device: device, type: CustomLinkTokenType.allCases[Int(random.next() % 4)])
    }
  }
}
