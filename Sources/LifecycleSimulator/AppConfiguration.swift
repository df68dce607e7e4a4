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
  public var customPurchaseLinkAllowedRegions: [String] = [] {
    didSet { allowedRegionsLookup = StorefrontLookup(customPurchaseLinkAllowedRegions) }
  }
  /// `customPurchaseLinkAllowedRegions` as a bit set, for the eligibility rules (`StorefrontLookup`).
  private(set) var allowedRegionsLookup = StorefrontLookup([])

  public init(
    externalPurchase: Bool = false, externalPurchaseLink: Bool = false,
    externalPurchaseLinkStreaming: Bool = false,
    customPurchaseLinkAllowedRegions: [String] = []
  ) {
    self.externalPurchase = externalPurchase
    self.externalPurchaseLink = externalPurchaseLink
    self.externalPurchaseLinkStreaming = externalPurchaseLinkStreaming
    self.customPurchaseLinkAllowedRegions = customPurchaseLinkAllowedRegions
    allowedRegionsLookup = StorefrontLookup(customPurchaseLinkAllowedRegions)
  }

  private enum CodingKeys: String, CodingKey {
    case externalPurchase, externalPurchaseLink, externalPurchaseLinkStreaming,
      customPurchaseLinkAllowedRegions
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      externalPurchase: try container.decode(Bool.self, forKey: .externalPurchase),
      externalPurchaseLink: try container.decode(Bool.self, forKey: .externalPurchaseLink),
      externalPurchaseLinkStreaming: try container.decode(Bool.self, forKey: .externalPurchaseLinkStreaming),
      customPurchaseLinkAllowedRegions: try container.decode(
        [String].self, forKey: .customPurchaseLinkAllowedRegions))
  }
}

/// The Info.plist keys that govern external purchases, by country code.
public struct InfoPlistKeys: Hashable, Sendable, Codable {
  /// `SKExternalPurchase`: countries of the notice sheet API.
  public var externalPurchaseCountries: [String] = [] { didSet { refreshLookup() } }
  /// `SKExternalPurchaseLink`: one destination URL per country.
  public var linkDestinations: [String: String] = [:] { didSet { refreshLookup() } }
  /// `SKExternalPurchaseMultiLink` (iOS 17.5+): destination URLs per country.
  public var multiLinkDestinations: [String: [String]] = [:] { didSet { refreshLookup() } }
  /// `SKExternalPurchaseCustomLinkRegions` (iOS 18.1+).
  public var customLinkRegions: [String] = [] { didSet { refreshLookup() } }
  /// `SKExternalPurchaseLinkStreamingRegions` (iOS 18.2+).
  public var streamingRegions: [String] = [] { didSet { refreshLookup() } }
  /// The lists above as bit sets, for the eligibility rules; rebuilt with every change to them.
  private(set) var lookup = Lookup()

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
    refreshLookup()
  }

  private enum CodingKeys: String, CodingKey {
    case externalPurchaseCountries, linkDestinations, multiLinkDestinations, customLinkRegions,
      streamingRegions
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      externalPurchaseCountries: try container.decode([String].self, forKey: .externalPurchaseCountries),
      linkDestinations: try container.decode([String: String].self, forKey: .linkDestinations),
      multiLinkDestinations: try container.decode([String: [String]].self, forKey: .multiLinkDestinations),
      customLinkRegions: try container.decode([String].self, forKey: .customLinkRegions),
      streamingRegions: try container.decode([String].self, forKey: .streamingRegions))
  }

  private mutating func refreshLookup() {
    lookup = Lookup(
      externalPurchaseCountries: StorefrontLookup(externalPurchaseCountries),
      singleLinkCountries: StorefrontLookup(linkDestinations.keys),
      multiLinkCountries: StorefrontLookup(
        multiLinkDestinations.lazy.filter { !$0.value.isEmpty }.map(\.key)),
      customLinkRegions: StorefrontLookup(customLinkRegions),
      streamingRegions: StorefrontLookup(streamingRegions))
  }

  /// The storefront lists of the keys as `StorefrontLookup`s.
  struct Lookup: Hashable, Sendable {
    var externalPurchaseCountries = StorefrontLookup([])
    /// Countries with an `SKExternalPurchaseLink` destination.
    var singleLinkCountries = StorefrontLookup([])
    /// Countries with at least one `SKExternalPurchaseMultiLink` destination.
    var multiLinkCountries = StorefrontLookup([])
    var customLinkRegions = StorefrontLookup([])
    var streamingRegions = StorefrontLookup([])
  }

  /// Every link-out destination for `country`, single-link key first, without repeats.
  public func destinations(for country: String) -> [String] {
    var urls: [String] = []
    if let single = linkDestinations[country] { urls.append(single) }
    for url in multiLinkDestinations[country] ?? [] where !urls.contains(url) { urls.append(url) }
    return urls
  }
}
