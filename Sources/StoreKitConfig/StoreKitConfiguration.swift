import AppStoreCommerce

/// An Xcode StoreKit configuration (`.storekit`) as epsim reads it: the catalog, the settings and
/// what the reader left out (SPEC-STOREKIT-CONFIG).
public struct StoreKitConfiguration: Hashable, Sendable {
  /// The file's `version` (`major.minor`); files without one read as 1.0.
  public var version: StoreKitFormatVersion
  /// Products in file order: `products`, `nonRenewingSubscriptions`, then each group's subscriptions.
  public var products: [Product]
  /// Each group's reference name (`name`) by its `id`, so an export writes it back.
  public var groupNames: [String: String]
  public var settings: StoreKitSettings
  /// The storefront the file's prices are written for (`_storefront`, else `USA`).
  public var homeStorefront: String
  /// What the reader ignored or could not model, each said once, in the order met.
  public var notes: [String]

  public init(
    version: StoreKitFormatVersion = StoreKitFormatVersion(major: 4, minor: 0), products: [Product] = [],
    groupNames: [String: String] = [:], settings: StoreKitSettings = StoreKitSettings(),
    homeStorefront: String = "USA", notes: [String] = []
  ) {
    self.version = version
    self.products = products
    self.groupNames = groupNames
    self.settings = settings
    self.homeStorefront = homeStorefront
    self.notes = notes
  }
}

/// The `version` object of a `.storekit` file (SPEC-STOREKIT-CONFIG 4).
public struct StoreKitFormatVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// The newest format the digest describes; newer files are still read, by the keys they hold.
  public static let newestKnown = StoreKitFormatVersion(major: 5, minor: 0)

  public var description: String { "\(major).\(minor)" }

  public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }
}
