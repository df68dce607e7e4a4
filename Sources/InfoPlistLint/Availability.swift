/// The first OS versions on which a key or entitlement takes effect (SPEC section 6).
struct Availability: Sendable {
  /// The first iOS (and iPadOS) version, checked against `MinimumOSVersion`.
  let iOS: String
  /// The first macOS version, checked against `LSMinimumSystemVersion`; nil where Apple lists
  /// no macOS availability at all.
  let macOS: String?
}
