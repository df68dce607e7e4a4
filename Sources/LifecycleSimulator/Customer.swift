/// A customer's Apple Account. Token periods belong to the account, across all its devices (SPEC 4).
public struct Customer: Hashable, Sendable, Codable, Identifiable {
  /// A short handle used in scenarios and the UI, such as `alice`.
  public var id: String
  /// Whether the account can make payments; `isEligible` is false when it cannot (SPEC 6).
  public var canMakePayments: Bool
  /// Whether the account has ever installed the app on any device: the first install qualifies for ACQUISITION.
  public var hasInstalledApp: Bool

  public init(id: String, canMakePayments: Bool = true, hasInstalledApp: Bool = false) {
    self.id = id
    self.canMakePayments = canMakePayments
    self.hasInstalledApp = hasInstalledApp
  }
}

/// One device signed in to a customer's account.
public struct Device: Hashable, Sendable, Codable, Identifiable {
  /// A handle such as `alice.iphone`.
  public var id: String
  public var customerId: String
  public var platform: Platform
  public var osVersion: OSVersion
  /// The App Store storefront, a lowercase country code such as `nl` or `jp`.
  public var storefront: String
  /// The installed app version, or nil when the app is not installed.
  public var installedVersion: String?

  public init(
    id: String, customerId: String, platform: Platform, osVersion: OSVersion, storefront: String,
    installedVersion: String? = nil
  ) {
    self.id = id
    self.customerId = customerId
    self.platform = platform
    self.osVersion = osVersion
    self.storefront = storefront
    self.installedVersion = installedVersion
  }

  public var isAppInstalled: Bool { installedVersion != nil }
}
