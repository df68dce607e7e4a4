// The rule tables of `epsim lint`, kept as data in one place so they can be audited against
// SPEC section 6 ("Eligibility: entitlements, Info.plist keys, regions") line by line.
// Code elsewhere in this module only interprets these tables; it names no country, key or version.
// The OS versions come from `KeyAvailability`, the one table the engine uses too.

import ExternalPurchaseAvailability

/// The facts `epsim lint` checks against: keys, entitlements, countries, limits and OS versions.
public enum LintTables {
  // MARK: Countries (SPEC section 6, first paragraph and the "Allowed values" column)

  /// The 27 member states of the European Union, as lowercase ISO 3166-1 alpha-2 codes (SPEC 6).
  public static let eu27: [String] = [
    "at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie",
    "it", "lv", "lt", "lu", "mt", "nl", "pl", "pt", "ro", "sk", "si", "es", "se",
  ]

  /// `SKExternalPurchase`: EU-27 plus South Korea (SPEC 6).
  static let externalPurchaseCountries = eu27 + ["kr"]
  /// `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`: EU-27 plus is, no, ru, us (SPEC 6).
  static let linkCountries = eu27 + ["is", "no", "ru", "us"]
  /// `SKExternalPurchaseCustomLinkRegions`: EU-27 only (SPEC 6).
  static let customLinkCountries = eu27
  /// `SKExternalPurchaseLinkStreamingRegions`, and where music-streaming apps may have up to
  /// five links: the European Economic Area, that is EU-27 plus Iceland and Norway (SPEC 6).
  static let streamingCountries = eu27 + ["is", "no"]
  /// The allowed-regions entitlement: Brazil, Japan and EU-27 (SPEC 6).
  static let allowedRegionsCountries = ["br", "jp"] + eu27

  /// Codes people often write for a country whose ISO code differs; the fix names the ISO code.
  /// (The EU itself abbreviates Greece as EL; ISO 3166-1 says GR.)
  static let commonMistakes: [String: String] = ["el": "gr", "uk": "gb"]

  // MARK: Links (SPEC section 6, the `SKExternalPurchaseMultiLink` row and the URL paragraph)

  /// Links per country for every app (SPEC 6).
  static let maximumLinksPerCountry = 1
  /// Links per country for a music-streaming app in `streamingCountries` (SPEC 6).
  static let maximumStreamingLinksPerCountry = 5
  /// The longest destination URL, counted in ASCII characters (SPEC 6).
  static let maximumURLLength = 1_000
  /// The only scheme a destination URL may use (SPEC 6).
  static let requiredURLScheme = "https"

  // MARK: Entitlements (SPEC section 6, rows that start with "entitlement")

  /// Enables `ExternalPurchase`, the notice sheet (SPEC 6; SPEC 3).
  public static let externalPurchaseEntitlement = "com.apple.developer.storekit.external-purchase"
  /// Enables `ExternalPurchaseLink`, and custom links together with the region key (SPEC 6).
  public static let externalPurchaseLinkEntitlement = "com.apple.developer.storekit.external-purchase-link"
  /// Marks a music-streaming app: up to five links per EEA country (SPEC 6).
  public static let streamingEntitlement = "com.apple.developer.storekit.external-purchase-link-streaming"
  /// Lists the regions for custom links on its own; needs no Info.plist key (SPEC 6).
  public static let allowedRegionsEntitlement = KeyAvailability.allowedRegionsEntitlement.name

  // MARK: Info.plist keys (SPEC section 6 table; OS versions from the same rows and SPEC 3)

  /// `SKExternalPurchase`: countries where the app offers external purchases (SPEC 6).
  public static let externalPurchaseKey = "SKExternalPurchase"
  /// `SKExternalPurchaseLink`: one destination URL per country (SPEC 6).
  public static let linkKey = "SKExternalPurchaseLink"
  /// `SKExternalPurchaseMultiLink`: a list of destination URLs per country (SPEC 6).
  public static let multiLinkKey = KeyAvailability.multiLink.name
  /// `SKExternalPurchaseCustomLinkRegions`: countries for custom links (SPEC 6).
  public static let customLinkRegionsKey = KeyAvailability.customLinkRegions.name
  /// `SKExternalPurchaseLinkStreamingRegions`: countries for a music-streaming app (SPEC 6).
  public static let streamingRegionsKey = KeyAvailability.streamingRegions.name

  /// The keys that carry the iOS deployment target and the macOS one.
  static let iOSVersionKey = "MinimumOSVersion"
  static let macOSVersionKey = "LSMinimumSystemVersion"

  /// Every Info.plist key the linter knows, in the order findings are reported (SPEC 6 table).
  static let plistKeys: [PlistKeyRule] = [
    PlistKeyRule(
      name: externalPurchaseKey, shape: .countryList, countries: externalPurchaseCountries,
      entitlement: externalPurchaseEntitlement, availability: nil),
    PlistKeyRule(
      name: linkKey, shape: .countryToLink, countries: linkCountries,
      entitlement: externalPurchaseLinkEntitlement, availability: nil),
    PlistKeyRule(
      name: multiLinkKey, shape: .countryToLinks, countries: linkCountries,
      entitlement: externalPurchaseLinkEntitlement, availability: .multiLink),
    PlistKeyRule(
      name: customLinkRegionsKey, shape: .countryList, countries: customLinkCountries,
      entitlement: externalPurchaseLinkEntitlement, availability: .customLinkRegions),
    PlistKeyRule(
      name: streamingRegionsKey, shape: .countryList, countries: streamingCountries,
      entitlement: streamingEntitlement, availability: .streamingRegions),
  ]

  /// Every entitlement the linter knows, in the order findings are reported (SPEC 6 table).
  static let entitlements: [EntitlementRule] = [
    EntitlementRule(
      name: externalPurchaseEntitlement, shape: .boolean, countries: [],
      usedByKeys: [externalPurchaseKey], availability: nil),
    EntitlementRule(
      name: externalPurchaseLinkEntitlement, shape: .boolean, countries: [],
      usedByKeys: [linkKey, multiLinkKey, customLinkRegionsKey], availability: nil),
    // The region key names this entitlement; the link keys use it too, since it raises their
    // limit to five links per EEA country.
    EntitlementRule(
      name: streamingEntitlement, shape: .boolean, countries: [],
      usedByKeys: [streamingRegionsKey, linkKey, multiLinkKey], availability: nil),
    // Stands alone (SPEC 6): no key uses it and it needs none.
    EntitlementRule(
      name: allowedRegionsEntitlement, shape: .countryList, countries: allowedRegionsCountries,
      usedByKeys: [], availability: .allowedRegionsEntitlement),
  ]

  // MARK: Key-name prefixes (for "did you mean" on misspelt keys)

  /// An unknown Info.plist key starting with this (in any case) is probably a misspelt known key.
  static let plistKeyPrefix = "SKExternalPurchase"
  /// An unknown entitlement starting with one of these is probably a misspelt known entitlement.
  static let entitlementPrefixes = [
    "com.apple.developer.storekit.external-purchase", "com.apple.developer.storekit.custom-purchase-link",
  ]

  // MARK: ISO 3166-1 alpha-2 (to tell "not allowed here" from "not a country code at all")

  /// The 249 officially assigned ISO 3166-1 alpha-2 codes, lowercase. Reserved and user-assigned
  /// codes that some locale data also lists (ac, cp, dg, ea, eu, ez, ic, ta, un, xk, ...) are left out.
  public static let iso3166Alpha2: Set<String> = [
    "ad", "ae", "af", "ag", "ai", "al", "am", "ao", "aq", "ar", "as", "at", "au", "aw", "ax", "az",
    "ba", "bb", "bd", "be", "bf", "bg", "bh", "bi", "bj", "bl", "bm", "bn", "bo", "bq", "br", "bs",
    "bt", "bv", "bw", "by", "bz", "ca", "cc", "cd", "cf", "cg", "ch", "ci", "ck", "cl", "cm", "cn",
    "co", "cr", "cu", "cv", "cw", "cx", "cy", "cz", "de", "dj", "dk", "dm", "do", "dz", "ec", "ee",
    "eg", "eh", "er", "es", "et", "fi", "fj", "fk", "fm", "fo", "fr", "ga", "gb", "gd", "ge", "gf",
    "gg", "gh", "gi", "gl", "gm", "gn", "gp", "gq", "gr", "gs", "gt", "gu", "gw", "gy", "hk", "hm",
    "hn", "hr", "ht", "hu", "id", "ie", "il", "im", "in", "io", "iq", "ir", "is", "it", "je", "jm",
    "jo", "jp", "ke", "kg", "kh", "ki", "km", "kn", "kp", "kr", "kw", "ky", "kz", "la", "lb", "lc",
    "li", "lk", "lr", "ls", "lt", "lu", "lv", "ly", "ma", "mc", "md", "me", "mf", "mg", "mh", "mk",
    "ml", "mm", "mn", "mo", "mp", "mq", "mr", "ms", "mt", "mu", "mv", "mw", "mx", "my", "mz", "na",
    "nc", "ne", "nf", "ng", "ni", "nl", "no", "np", "nr", "nu", "nz", "om", "pa", "pe", "pf", "pg",
    "ph", "pk", "pl", "pm", "pn", "pr", "ps", "pt", "pw", "py", "qa", "re", "ro", "rs", "ru", "rw",
    "sa", "sb", "sc", "sd", "se", "sg", "sh", "si", "sj", "sk", "sl", "sm", "sn", "so", "sr", "ss",
    "st", "sv", "sx", "sy", "sz", "tc", "td", "tf", "tg", "th", "tj", "tk", "tl", "tm", "tn", "to",
    "tr", "tt", "tv", "tw", "tz", "ua", "ug", "um", "us", "uy", "uz", "va", "vc", "ve", "vg", "vi",
    "vn", "vu", "wf", "ws", "ye", "yt", "za", "zm", "zw",
  ]
}
