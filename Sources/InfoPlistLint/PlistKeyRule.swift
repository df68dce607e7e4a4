import ExternalPurchaseAvailability

/// What the linter knows about one Info.plist key: its type, countries, entitlement and OS.
struct PlistKeyRule: Sendable {
  let name: String
  let shape: ValueShape
  /// The lowercase country codes the key may name.
  let countries: [String]
  /// The entitlement the app needs for the key to have any effect.
  let entitlement: String
  /// The first OS versions, from the table the engine shares (nil: no mark beyond its API).
  let availability: KeyAvailability?
}
