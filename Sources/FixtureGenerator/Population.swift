import LifecycleSimulator

/// The mixes customers are drawn from: storefronts, devices, OS versions and habits.
///
/// Storefronts are mostly those where the app's custom links work (EU-27, Japan, Brazil), with
/// some where only the older APIs work (United States, Korea) or nothing does (United Kingdom,
/// Switzerland, Norway, Iceland). OS versions include some too old for custom links.
enum Population {
  /// Weights in thousandths, roughly by App Store audience size.
  static let storefronts = WeightedTable<String>([
    ("de", 140), ("fr", 110), ("it", 90), ("es", 80), ("nl", 60), ("pl", 60), ("se", 30), ("be", 30),
    ("at", 25), ("pt", 20), ("ie", 15), ("dk", 15), ("fi", 15), ("cz", 15), ("gr", 15), ("ro", 15),
    ("hu", 10), ("sk", 5), ("bg", 5), ("hr", 5), ("si", 5), ("lt", 5), ("lv", 3), ("ee", 3), ("lu", 2),
    ("cy", 2), ("mt", 2),
    ("jp", 80), ("br", 40), ("us", 40), ("kr", 20), ("gb", 20), ("ch", 8), ("no", 6), ("is", 2),
  ])

  /// How many devices a customer signs in with.
  static let deviceCounts = WeightedTable<Int>([(1, 60), (2, 30), (3, 10)])

  /// The first device is usually a phone; later ones are tablets and Macs.
  static let firstPlatform = WeightedTable<Platform>([(.iOS, 85), (.iPadOS, 15)])
  static let laterPlatform = WeightedTable<Platform>([(.iPadOS, 55), (.macOS, 45)])

  /// OS versions per platform, in percent; the oldest are too old for one API or another, and
  /// the 27.2 ones make the typed `token(for: TokenType)` requests (SPEC 5).
  static func osVersions(for platform: Platform) -> WeightedTable<OSVersion> {
    switch platform {
    case .macOS: return macOSVersions
    case .iPadOS: return iPadOSVersions
    default: return iOSVersions
    }
  }

  static let iOSVersions = WeightedTable<OSVersion>([
    (OSVersion(15, 2), 2), (OSVersion(16, 7), 5), (OSVersion(17, 5), 8), (OSVersion(18, 0), 5),
    (OSVersion(18, 1), 6), (OSVersion(18, 3), 10), (OSVersion(18, 6), 12), (OSVersion(26, 0), 8),
    (OSVersion(26, 2), 10), (OSVersion(26, 4), 16), (OSVersion(26, 5), 10), (OSVersion(27, 2), 8),
  ])
  static let iPadOSVersions = WeightedTable<OSVersion>([
    (OSVersion(16, 7), 10), (OSVersion(17, 7), 15), (OSVersion(18, 1), 10), (OSVersion(18, 5), 17),
    (OSVersion(26, 1), 15), (OSVersion(26, 4), 25), (OSVersion(27, 2), 8),
  ])
  static let macOSVersions = WeightedTable<OSVersion>([
    (OSVersion(14, 7), 20), (OSVersion(15, 0), 10), (OSVersion(15, 1), 10), (OSVersion(15, 5), 22),
    (OSVersion(26, 4), 30), (OSVersion(27, 2), 8),
  ])

  /// The mean time between a customer's purchase moments (a session where they may buy).
  static let purchaseGaps = WeightedTable<VirtualDuration>([
    (12 * Milliseconds.hour, 5), (2 * Milliseconds.day, 25), (5 * Milliseconds.day, 40),
    (10 * Milliseconds.day, 30),
  ])

  /// Share of accounts that cannot make payments (parental controls, no payment method).
  static let cannotPayShare = 0.03
  /// Share of customers who move to another storefront during the window.
  static let storefrontMoveShare = 0.03
  /// Share of devices that uninstall the app at some point, and of those that redownload it.
  static let uninstallShare = 0.12
  static let redownloadShare = 0.5
  /// Share of installed devices that take each release.
  static let updateShare = 0.85
  /// Share of per-transaction token requests that are IN_APP rather than LINK_OUT.
  static let inAppShare = 0.6
}
