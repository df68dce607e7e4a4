import ExternalPurchaseAvailability

/// Which region keys list a storefront for custom links; `customLinkRegionsContain` is the fast
/// membership test every `token(for:)` request asks, without building a set.
extension WorldState {
  /// Whether `customLinkRegions` contains `storefront`; the same answer without building the set.
  public func customLinkRegionsContain(_ storefront: String) -> Bool {
    CustomLinkListing.all.contains { lists(storefront, in: $0) }
  }

  /// The region keys and entitlement that list `storefront` and would count for custom links,
  /// ignoring OS versions.
  func customLinkListings(of storefront: String) -> [KeyAvailability] {
    CustomLinkListing.all.filter { lists(storefront, in: $0) }.map(\.key)
  }

  /// Whether `listing` counts for `storefront`: a region key only with its entitlement, and each
  /// only for the countries it allows.
  func lists(_ storefront: String, in listing: CustomLinkListing) -> Bool {
    // Read in place: a local copy of the entitlements retained their lists on every request.
    switch listing {
    case .regionsKey:
      return app.entitlements.externalPurchaseLink && StorefrontSets.customLink.contains(storefront)
        && app.infoPlist.lookup.customLinkRegions.contains(storefront)
    case .streamingKey:
      return app.entitlements.externalPurchaseLinkStreaming && StorefrontSets.streaming.contains(storefront)
        && app.infoPlist.lookup.streamingRegions.contains(storefront)
    case .allowedRegionsEntitlement:
      return app.entitlements.allowedRegionsLookup.contains(storefront)
        && StorefrontSets.allowedRegionsEntitlement.contains(storefront)
    }
  }
}

/// One of the three ways a storefront is listed for custom links.
///
/// Switched on instead of `KeyAvailability` itself: matching a `KeyAvailability` case compares
/// whole values (a long key name and six versions), and every token request did that several
/// times over (the `generate` regression,
/// docs/decisions/0140-the-generate-slowdown-and-a-guard-against-the.md).
enum CustomLinkListing {
  case regionsKey, streamingKey, allowedRegionsEntitlement

  /// Every listing, in SPEC 6's order; a stored array, so asking for it allocates nothing.
  static let all: [CustomLinkListing] = [.regionsKey, .streamingKey, .allowedRegionsEntitlement]

  /// The key or entitlement, with its minimum versions.
  var key: KeyAvailability {
    switch self {
    case .regionsKey: return .customLinkRegions
    case .streamingKey: return .streamingRegions
    case .allowedRegionsEntitlement: return .allowedRegionsEntitlement
    }
  }
}
