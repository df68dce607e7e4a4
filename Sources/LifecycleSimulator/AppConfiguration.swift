/// The simulated app: identity, current version, entitlements and Info.plist keys (SPEC 6).
public struct AppConfiguration: Hashable, Sendable, Codable {
  public var bundleId: String
  public var appAppleId: Int64
  /// The version the App Store currently offers; installs and updates move devices to it.
  public var version: String
  public var entitlements: Entitlements
  public var infoPlist: InfoPlistKeys

  public init(
    bundleId: String, appAppleId: Int64, version: String = "1.0", entitlements: Entitlements = Entitlements(),
    infoPlist: InfoPlistKeys = InfoPlistKeys()
  ) {
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.version = version
    self.entitlements = entitlements
    self.infoPlist = infoPlist
  }
}

/// The StoreKit external purchase entitlements the app holds.
public struct Entitlements: Hashable, Sendable, Codable {
  /// `com.apple.developer.storekit.external-purchase`: the notice sheet API.
  public var externalPurchase = false
  /// `com.apple.developer.storekit.external-purchase-link`: link-out, and custom links with their regions key.
  public var externalPurchaseLink = false
  /// `com.apple.developer.storekit.external-purchase-link-streaming`: music streaming apps.
  public var externalPurchaseLinkStreaming = false
  /// `com.apple.developer.storekit.custom-purchase-link.allowed-regions` (iOS 26.2+): stands alone.
  public var customPurchaseLinkAllowedRegions: [String] = []

  public init(
    externalPurchase: Bool = false, externalPurchaseLink: Bool = false,
    externalPurchaseLinkStreaming: Bool = false,
    customPurchaseLinkAllowedRegions: [String] = []
  ) {
    self.externalPurchase = externalPurchase
    self.externalPurchaseLink = externalPurchaseLink
    self.externalPurchaseLinkStreaming = externalPurchaseLinkStreaming
    self.customPurchaseLinkAllowedRegions = customPurchaseLinkAllowedRegions
  }
}

/// The Info.plist keys that govern external purchases, by country code.
public struct InfoPlistKeys: Hashable, Sendable, Codable {
  /// `SKExternalPurchase`: countries of the notice sheet API.
  public var externalPurchaseCountries: [String] = []
  /// `SKExternalPurchaseLink`: one destination URL per country.
  public var linkDestinations: [String: String] = [:]
  /// `SKExternalPurchaseMultiLink` (iOS 17.5+): destination URLs per country.
  public var multiLinkDestinations: [String: [String]] = [:]
  /// `SKExternalPurchaseCustomLinkRegions` (iOS 18.1+).
  public var customLinkRegions: [String] = []
  /// `SKExternalPurchaseLinkStreamingRegions` (iOS 18.2+).
  public var streamingRegions: [String] = []

  public init(
    externalPurchaseCountries: [String] = [], linkDestinations: [String: String] = [:],
    multiLinkDestinations: [String: [String]] = [:], customLinkRegions: [String] = [],
    streamingRegions: [String] = []
  ) {
    self.externalPurchaseCountries = externalPurchaseCountries
    self.linkDestinations = linkDestinations
    self.multiLinkDestinations = multiLinkDestinations
    self.customLinkRegions = customLinkRegions
    self.streamingRegions = streamingRegions
  }

  /// Every link-out destination for `country`, single-link key first, without repeats.
  public func destinations(for country: String) -> [String] {
    var urls: [String] = []
    if let single = linkDestinations[country] { urls.append(single) }
    for url in multiLinkDestinations[country] ?? [] where !urls.contains(url) { urls.append(url) }
    return urls
  }
}
