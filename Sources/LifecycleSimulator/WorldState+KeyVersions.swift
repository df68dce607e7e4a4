import ExternalPurchaseAvailability

/// SPEC 6's minimum versions of keys and entitlements: a key or entitlement that the device's OS
/// does not know cannot make the app eligible, nor give link-out a destination (with `osGating`).
extension WorldState {
  /// Why none of `listings` counts on `device` because its OS predates them all; nil when one
  /// is known. Names the listing with the earliest version, the one an update would reach first.
  func keyVersionIneligibility(on device: Device, listings: [KeyAvailability], storefront: String)
    -> Ineligibility?
  {
    guard !listings.contains(where: { knows($0, device) }), let first = listings.first else { return nil }
    let versioned = listings.compactMap { key in device.platform.minimum(of: key).map { (key, $0) } }
    let closest = versioned.min { $0.1 < $1.1 }
    return .keyNeedsNewerOS(
      key: closest?.0.name ?? first.name, storefront: storefront, platform: device.platform,
      version: device.osVersion, required: closest?.1)
  }

  /// The link-out destinations for the device's storefront that its OS knows: none from
  /// `SKExternalPurchaseMultiLink` before the version that introduced it (SPEC 6; `osGating`).
  public func linkOutDestinations(on device: Device) -> [String] {
    let keys = app.infoPlist
    guard rules.osGating, !knows(.multiLink, device) else { return keys.destinations(for: device.storefront) }
    return keys.linkDestinations[device.storefront].map { [$0] } ?? []
  }

  /// Why link-out has no destination on `device` although the Info.plist gives one: only
  /// `SKExternalPurchaseMultiLink` names the storefront, and the OS predates that key.
  func linkOutKeyVersionIneligibility(on device: Device) -> Ineligibility? {
    // Only the multi-link key names the storefront, and the device's OS predates that key (the
    // single-link key needs no version, as in `linkOutDestinations`).
    let storefront = device.storefront
    guard rules.osGating, !app.infoPlist.lookup.singleLinkCountries.contains(storefront),
      app.infoPlist.lookup.multiLinkCountries.contains(storefront), !knows(.multiLink, device)
    else { return nil }
    return keyVersionIneligibility(on: device, listings: [.multiLink], storefront: device.storefront)
  }

  /// Whether the Info.plist gives `storefront` a link-out destination under either key, whatever
  /// the OS knows: `!app.infoPlist.destinations(for:).isEmpty` without building the list.
  func hasLinkOutDestination(for storefront: String) -> Bool {
    app.infoPlist.lookup.singleLinkCountries.contains(storefront)
      || app.infoPlist.lookup.multiLinkCountries.contains(storefront)
  }

  /// Whether the device's OS knows the key or entitlement behind `listing`.
  func knowsKey(of listing: CustomLinkListing, on device: Device) -> Bool {
    knows(listing.key, device)
  }

  /// Whether the device's OS knows `key`.
  private func knows(_ key: KeyAvailability, _ device: Device) -> Bool {
    device.platform.minimum(of: key).map { device.osVersion >= $0 } ?? false
  }
}
