/// The identifier of each check, stable for scripts; docs/tools.md lists them with SPEC sections.
public enum LintRule: String, Equatable, Sendable, CaseIterable {
  // Value types (SPEC 6, "Type" column).
  case valueType = "value-type"
  case emptyList = "empty-list"
  case duplicateEntry = "duplicate-entry"
  // Country codes (SPEC 6, "Allowed values" column).
  case countryCodeCase = "country-code-case"
  case countryNotAllowed = "country-not-allowed"
  case countryUnknown = "country-unknown"
  // Destination URLs (SPEC 6, the paragraph under the table).
  case urlNonASCII = "url-non-ascii"
  case urlTooLong = "url-too-long"
  case urlInvalid = "url-invalid"
  case urlScheme = "url-scheme"
  case urlQuery = "url-query"
  case urlFragment = "url-fragment"
  // Links per country (SPEC 6, `SKExternalPurchaseMultiLink` row).
  case linkCount = "link-count"
  case linkMismatch = "link-mismatch"
  case streamingAssumed = "streaming-assumed"
  // Keys and entitlements that need each other (SPEC 6, entitlement rows).
  case entitlementMissing = "entitlement-missing"
  case entitlementUnused = "entitlement-unused"
  case entitlementFalse = "entitlement-false"
  case entitlementsSkipped = "entitlements-skipped"
  // OS versions (SPEC 6 table; SPEC 3).
  case osVersion = "os-version"
  case osVersionUnknown = "os-version-unknown"
  case osVersionUnreadable = "os-version-unreadable"
  case platformUnsupported = "platform-unsupported"
  // Key names.
  case unknownKey = "unknown-key"
  case misplacedKey = "misplaced-key"
}
