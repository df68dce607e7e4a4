import ExternalPurchaseAvailability

/// What the linter knows about one entitlement: its type, countries, the keys that use it, its OS.
struct EntitlementRule: Sendable {
  let name: String
  let shape: ValueShape
  /// For a country-list entitlement, the lowercase codes it may name; empty otherwise.
  let countries: [String]
  /// The Info.plist keys of which at least one must be present for the entitlement to do
  /// anything; empty when the entitlement stands alone.
  let usedByKeys: [String]
  /// The first OS versions, from the table the engine shares (nil: no mark beyond its API).
  let availability: KeyAvailability?
}
