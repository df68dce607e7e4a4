/// The first OS version, per platform, on which one Info.plist key or entitlement takes effect.
///
/// One table serves both the engine (a key the device's OS does not know cannot make the app
/// eligible) and `epsim lint` (a key newer than the deployment target draws a warning), so the
/// two can never disagree. It lives in this small module, with no dependency, so that the
/// Foundation-only linter need not pull in the engine
/// (docs/decisions/0107-fidelity-key-versions-period-expectations-the.md).
public struct KeyAvailability: Hashable, Sendable {
  /// The key or entitlement, as it appears in the Info.plist or the entitlements file.
  public let name: String
  /// iOS and iPadOS (Apple lists both with the same number).
  public let iOS: OSVersion?
  public let macOS: OSVersion?
  public let tvOS: OSVersion?
  public let visionOS: OSVersion?
  public let watchOS: OSVersion?
  public let macCatalyst: OSVersion?

  init(
    _ name: String, iOS: OSVersion?, macOS: OSVersion?, tvOS: OSVersion?, visionOS: OSVersion?,
    watchOS: OSVersion?, macCatalyst: OSVersion?
  ) {
    self.name = name
    self.iOS = iOS
    self.macOS = macOS
    self.tvOS = tvOS
    self.visionOS = visionOS
    self.watchOS = watchOS
    self.macCatalyst = macCatalyst
  }

  /// One version on every platform (the 2025 releases gave every platform the number 26).
  init(_ name: String, everywhere version: OSVersion) {
    self.init(
      name, iOS: version, macOS: version, tvOS: version, visionOS: version, watchOS: version,
      macCatalyst: version)
  }
}

extension KeyAvailability {
  /// `SKExternalPurchaseMultiLink`: iOS 17.5 (SPEC 6); macOS 14.5 from Apple's availability
  /// list for the key. Link-out exists on no other platform epsim simulates.
  public static let multiLink = KeyAvailability(
    "SKExternalPurchaseMultiLink", iOS: OSVersion(17, 5), macOS: OSVersion(14, 5), tvOS: nil,
    visionOS: nil, watchOS: nil, macCatalyst: nil)

  /// `SKExternalPurchaseCustomLinkRegions`: 18.1 (SPEC 6), on every platform with the first
  /// version of `ExternalPurchaseCustomLink` (SPEC 3), since the key exists for that API.
  public static let customLinkRegions = KeyAvailability(
    "SKExternalPurchaseCustomLinkRegions", iOS: OSVersion(18, 1), macOS: OSVersion(15, 1),
    tvOS: OSVersion(18, 1), visionOS: OSVersion(2, 1), watchOS: OSVersion(11, 1),
    macCatalyst: OSVersion(18, 1))

  /// `SKExternalPurchaseLinkStreamingRegions`: iOS and iPadOS 18.2 (SPEC 6); Apple lists the
  /// key for no other platform, so elsewhere it has no effect.
  public static let streamingRegions = KeyAvailability(
    "SKExternalPurchaseLinkStreamingRegions", iOS: OSVersion(18, 2), macOS: nil, tvOS: nil,
    visionOS: nil, watchOS: nil, macCatalyst: nil)

  /// `com.apple.developer.storekit.custom-purchase-link.allowed-regions`: 26.2 (SPEC 6), on
  /// every platform, as every platform's 2025 release shares the number 26.
  public static let allowedRegionsEntitlement = KeyAvailability(
    "com.apple.developer.storekit.custom-purchase-link.allowed-regions", everywhere: OSVersion(26, 2))

  /// Every key and entitlement with a version mark newer than its API, in SPEC 6's order.
  public static let all: [KeyAvailability] = [
    multiLink, customLinkRegions, streamingRegions, allowedRegionsEntitlement,
  ]
}
