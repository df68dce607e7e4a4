/// One of the app's storefront lists (an Info.plist key or the allowed-regions entitlement) as a
/// `StorefrontSet`, kept beside the list by `InfoPlistKeys` and `Entitlements`.
///
/// Every token request asks whether the device's storefront is in one or more of these lists.
/// Scanning the arrays compared up to 28 strings a time; building the sets with each world cost
/// as much again, as `epsim generate` builds a world per customer (issue 26). Kept beside the
/// arrays, a set is built when its list changes and copied with the app.
struct StorefrontLookup: Hashable, Sendable {
  private let set: StorefrontSet

  init(_ codes: some Sequence<String>) { set = StorefrontSet(codes) }

  @inline(__always)
  func contains(_ code: String) -> Bool { set.contains(code) }

  // Derived from the list it sits beside, not state of its own: equal lists give equal lookups.
  static func == (_: Self, _: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
