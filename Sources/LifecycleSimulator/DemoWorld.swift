/// The built-in demo world: the interesting cases at once, for the terminal UI and examples.
///
/// An EU customer with an iPhone and an older iPad (too old for custom links), a second EU
/// customer who cannot make payments, a Japanese customer on iOS 26.4 (IN_APP and LINK_OUT),
/// and an app with every entitlement and region key, so each API can be tried.
public enum DemoWorld {
  /// 2026-03-01T09:00:00Z, a fixed start so screenshots and recordings are reproducible.
  public static let startTime: VirtualTime = 1_772_355_600_000
  public static let seed: UInt64 = 42

  public static let app = AppConfiguration(
    bundleId: "com.example.epsim", appAppleId: 1_234_567_890, version: "1.0",
    entitlements: Entitlements(
      externalPurchase: true, externalPurchaseLink: true, customPurchaseLinkAllowedRegions: ["jp", "br"]),
    infoPlist: InfoPlistKeys(
      externalPurchaseCountries: ["nl", "fr", "de", "kr"],
      linkDestinations: ["nl": "https://example.com/buy", "fr": "https://example.com/fr/acheter"],
      multiLinkDestinations: ["de": ["https://example.com/de/kaufen"]],
      customLinkRegions: ["nl", "fr", "de", "it"]))

  /// The demo world under the given rules (sandbox by default, as most testing starts there).
  public static func world(rules: LifecycleRules = .sandbox) -> WorldState {
    WorldState(
      now: startTime, rules: rules, app: app, seed: seed,
      customers: [
        Customer(id: "alice"), Customer(id: "bruno", canMakePayments: false), Customer(id: "kenji"),
      ],
      devices: [
        Device(
          id: "alice.iphone", customerId: "alice", platform: .iOS, osVersion: OSVersion(18, 2),
          storefront: "nl"),
        Device(
          id: "alice.ipad", customerId: "alice", platform: .iPadOS, osVersion: OSVersion(17, 5),
          storefront: "nl"),
        Device(
          id: "bruno.iphone", customerId: "bruno", platform: .iOS, osVersion: OSVersion(18, 4),
          storefront: "fr"),
        Device(
          id: "kenji.iphone", customerId: "kenji", platform: .iOS, osVersion: OSVersion(26, 4),
          storefront: "jp"),
      ])
  }

  /// The demo world with the app on every device from the start (installed before the world
  /// begins, so no period has started): the stage of purchase tests, as a purchase is made in the app.
  public static func worldWithAppInstalled(rules: LifecycleRules = .sandbox) -> WorldState {
    var world = world(rules: rules)
    for index in world.devices.indices { world.devices[index].installedVersion = app.version }
    for index in world.customers.indices { world.customers[index].hasInstalledApp = true }
    return world
  }
}
