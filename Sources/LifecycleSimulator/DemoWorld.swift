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
        device("alice.iphone", os: OSVersion(18, 2), storefront: "nl"),
        device("alice.ipad", .iPadOS, os: OSVersion(17, 5), storefront: "nl"),
        device("bruno.iphone", os: OSVersion(18, 4), storefront: "fr"),
        device("kenji.iphone", os: OSVersion(26, 4), storefront: "jp"),
      ])
  }

  /// A device of a built-in world, named `<customer>.<model>`: its customer is the name's first part.
  public static func device(_ id: String, _ platform: Platform = .iOS, os: OSVersion, storefront: String)
    -> Device
  {
    Device(
      id: id, customerId: String(id.prefix { $0 != "." }), platform: platform, osVersion: os,
      storefront: storefront)
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
