import ExternalPurchaseAvailability

/// Which region keys list a storefront for custom links; `customLinkRegionsContain` is the fast
/// membership test every `token(for:)` request asks, without building a set.
extension WorldState {
  /// The keys and entitlement that can list custom link storefronts (SPEC 6).
  static let customLinkKeys: [KeyAvailability] = [
    .customLinkRegions, .streamingRegions, .allowedRegionsEntitlement,
  ]

  /// Whether `customLinkRegions` contains `storefront`; the same answer without building the set.
  public func customLinkRegionsContain(_ storefront: String) -> Bool {
    Self.customLinkKeys.contains { lists(storefront, in: $0) }
  }

  /// The region keys and entitlement that list `storefront` and would count for custom links,
  /// ignoring OS versions.
  func customLinkListings(of storefront: String) -> [KeyAvailability] {
    Self.customLinkKeys.filter { lists(storefront, in: $0) }
  }

  /// Whether `key` counts for `storefront`: a region key only with its entitlement, and each only
  /// for the countries it allows.
  private func lists(_ storefront: String, in key: KeyAvailability) -> Bool {
    let entitlements = app.entitlements
    switch key {
    case .customLinkRegions:
      return entitlements.externalPurchaseLink && Regions.customLink.contains(storefront)
        && app.infoPlist.customLinkRegions.contains(storefront)
    case .streamingRegions:
      return entitlements.externalPurchaseLinkStreaming && Regions.streaming.contains(storefront)
        && app.infoPlist.streamingRegions.contains(storefront)
    case .allowedRegionsEntitlement:
      return Regions.allowedRegionsEntitlement.contains(storefront)
        && entitlements.customPurchaseLinkAllowedRegions.contains(storefront)
    default:
      return false
    }
  }
}
