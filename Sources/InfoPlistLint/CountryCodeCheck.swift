/// Checks one country code against the codes a key or entitlement allows (SPEC section 6).
enum CountryCodeCheck {
  /// Reports `code` when it is not exactly one of `allowed`; `owner` names the key in messages.
  static func check(
    _ code: String, at keyPath: String, allowed: [String], owner: String, into list: inout FindingList
  ) {
    if allowed.contains(code) { return }
    let lowercase = code.lowercased()
    if allowed.contains(lowercase) {
      list.add(
        .error, .countryCodeCase, at: keyPath, "country code '\(code)' must be lowercase",
        fix: "write '\(lowercase)'")
    } else if LintTables.iso3166Alpha2.contains(lowercase) {
      list.add(
        .error, .countryNotAllowed, at: keyPath,
        "'\(code)' is not a country \(owner) accepts; it accepts \(describe(allowed))",
        fix: "remove '\(code)'")
    } else if let meant = LintTables.commonMistakes[lowercase] {
      let usable =
        allowed.contains(meant) ? "write '\(meant)'" : "remove it ('\(meant)' is not allowed here either)"
      list.add(
        .error, .countryUnknown, at: keyPath,
        "'\(code)' is not an ISO 3166-1 alpha-2 country code; the ISO code is '\(meant)'", fix: usable)
    } else {
      list.add(
        .error, .countryUnknown, at: keyPath, "'\(code)' is not an ISO 3166-1 alpha-2 country code",
        fix: "use a two-letter lowercase code; \(owner) accepts \(describe(allowed))")
    }
  }

  /// "the EU-27 countries plus is, no, ru, us", or the plain list when EU-27 is not all included.
  static func describe(_ allowed: [String]) -> String {
    let extras = allowed.filter { !LintTables.eu27.contains($0) }
    guard LintTables.eu27.allSatisfy(allowed.contains) else { return extras.joined(separator: ", ") }
    return extras.isEmpty
      ? "the EU-27 countries only" : "the EU-27 countries plus " + extras.joined(separator: ", ")
  }
}
