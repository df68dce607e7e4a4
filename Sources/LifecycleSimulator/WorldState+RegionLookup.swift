/// A fast membership test for `customLinkRegions`, which every `token(for:)` request asks.
extension WorldState {
  /// Whether `customLinkRegions` contains `storefront`; the same answer without building the set.
  public func customLinkRegionsContain(_ storefront: String) -> Bool {
    let entitlements = app.entitlements
    if entitlements.externalPurchaseLink, Regions.customLink.contains(storefront),
      app.infoPlist.customLinkRegions.contains(storefront)
    {
      return true
    }
    if entitlements.externalPurchaseLinkStreaming, Regions.streaming.contains(storefront),
      app.infoPlist.streamingRegions.contains(storefront)
    {
      return true
    }
    return Regions.allowedRegionsEntitlement.contains(storefront)
      && entitlements.customPurchaseLinkAllowedRegions.contains(storefront)
  }
}
