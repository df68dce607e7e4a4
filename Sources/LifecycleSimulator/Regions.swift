/// The storefront country codes that SPEC section 6 allows for each key and entitlement.
public enum Regions {
  /// The EU-27, lowercase ISO 3166-1 alpha-2 codes.
  public static let eu27: Set<String> = [
    "at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie", "it", "lv", "lt",
    "lu",
    "mt", "nl", "pl", "pt", "ro", "sk", "si", "es", "se",
  ]
  /// `SKExternalPurchase`: EU-27 and Korea.
  public static let noticeSheet = eu27.union(["kr"])
  /// `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`: EU-27, Iceland, Norway, Russia, USA.
  public static let linkOut = eu27.union(["is", "no", "ru", "us"])
  /// `SKExternalPurchaseCustomLinkRegions`: EU-27.
  public static let customLink = eu27
  /// `SKExternalPurchaseLinkStreamingRegions`: EU-27, Iceland, Norway.
  public static let streaming = eu27.union(["is", "no"])
  /// The allowed-regions entitlement (iOS 26.2+): Brazil, Japan, EU-27.
  public static let allowedRegionsEntitlement = eu27.union(["br", "jp"])

  /// Where ACQUISITION and SERVICES tokens are offered: the EU programme (SPEC 4), plus the
  /// streaming countries. An epsim assumption (docs/rules.md), switchable with `typeRegionGating`.
  public static let acquisitionAndServices = streaming
  /// Where IN_APP and LINK_OUT tokens are offered: Japan (SPEC 5) and Brazil (the typed
  /// overload of iOS 27.2). An epsim assumption, switchable with `typeRegionGating`.
  public static let perTransaction: Set<String> = perTransactionJapan.union(["br"])
  /// Japan alone, where SPEC 5 offers IN_APP and LINK_OUT: `perTransaction` without Brazil,
  /// for the setting `perTransactionInBrazil` off.
  public static let perTransactionJapan: Set<String> = ["jp"]

  /// Storefronts in which Apple allows any custom link purchases at all.
  public static let customLinkStorefronts = streaming.union(allowedRegionsEntitlement)
}
