/// Checks a value that must be an array of country codes: type, emptiness, codes, duplicates.
enum CountryListCheck {
  /// Reports problems with `value` found at `keyPath`; returns the string entries it holds.
  @discardableResult
  static func check(
    _ value: PropertyListValue, at keyPath: String, allowed: [String], into list: inout FindingList
  ) -> [String] {
    let entries = StringArrayEntries(
      notAnArray: { found in
        (
          "must be \(ValueShape.countryList.description), found \(found)",
          "write an <array> of <string> country codes, such as <string>\(allowed.first ?? "fr")</string>"
        )
      },
      empty: (
        .warning, .emptyList, "lists no countries, so it enables nothing",
        "add the countries where the app offers this, or remove the key"
      ),
      entry: "a country-code string", entryFix: "write the country code as a <string>",
      repeated: { code, first in
        ("'\(code)' is listed again (first at [\(first)])", "remove the repeated '\(code)'")
      })
    let codes = entries.strings(value, at: keyPath, into: &list) { code, itemPath, list in
      CountryCodeCheck.check(code, at: itemPath, allowed: allowed, owner: keyPath, into: &list)
    }
    return codes.map(\.text)
  }
}
