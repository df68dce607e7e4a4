import ExternalPurchaseTokens
import LifecycleSimulator

/// The app every generated customer uses, the start of the simulated window and the app's releases.
///
/// The app holds every entitlement and lists every country its keys allow, so that what a
/// customer gets depends on the customer (storefront, devices, payments), not on a gap in the
/// app's configuration.
public enum FixtureWorld {
  /// 2026-03-01T00:00:00Z: every generated life happens in the days after this instant.
  public static let startTime: VirtualTime = 1_772_323_200_000

  /// The app's bundle id and Apple ID are the demo world's, so fixtures and the demo agree.
  public static let app: AppConfiguration = {
    let eu = Regions.eu27.sorted()
    var destinations: [String: String] = [:]
    for country in eu + ["us"] { destinations[country] = "https://example.com/\(country)/buy" }
    return AppConfiguration(
      bundleId: DemoWorld.app.bundleId, appAppleId: DemoWorld.app.appAppleId, version: version(number: 0),
      entitlements: Entitlements(
        externalPurchase: true, externalPurchaseLink: true, customPurchaseLinkAllowedRegions: ["br", "jp"]),
      infoPlist: InfoPlistKeys(
        externalPurchaseCountries: eu + ["kr"], linkDestinations: destinations, customLinkRegions: eu))
  }()

  /// A new version ships every nine days, the first one five days into the window.
  static let releaseInterval: VirtualDuration = 9 * Milliseconds.day
  static let firstReleaseOffset: VirtualDuration = 5 * Milliseconds.day

  /// The release times after the start and before `end`, oldest first.
  static func releases(before end: VirtualTime) -> [VirtualTime] {
    var times: [VirtualTime] = []
    var time = startTime + firstReleaseOffset
    while time < end {
      times.append(time)
      time += releaseInterval
    }
    return times
  }

  /// The version the App Store offers at `time`.
  static func version(at time: VirtualTime) -> String { version(number: releaseNumber(at: time)) }

  /// How many releases have shipped by `time`: 0 before the first, which is version 1.0's number.
  static func releaseNumber(at time: VirtualTime) -> Int {
    guard time >= startTime + firstReleaseOffset else { return 0 }
    return Int((time - startTime - firstReleaseOffset) / releaseInterval) + 1
  }

  static func version(number: Int) -> String { "1.\(number)" }

  /// The rules for an environment: Apple's preset, with seeded refreshes inside active periods.
  public static func rules(for environment: TokenEnvironment) -> LifecycleRules {
    var rules = LifecycleRules.preset(environment)
    rules.refreshPolicy = .probability(refreshProbability)
    return rules
  }

  /// The share of `token(for:)` answers from an existing period that are refreshed tokens.
  public static let refreshProbability = 0.2
}
