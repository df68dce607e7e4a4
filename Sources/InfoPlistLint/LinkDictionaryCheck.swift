/// Checks `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`: the dictionary, its
/// country keys, and every URL in it (SPEC section 6).
enum LinkDictionaryCheck {
  /// Reports problems with `value`, a key of shape `.countryToLink` or `.countryToLinks`, and
  /// returns the links found per country (strings only, in file order) for the link-count check.
  static func check(
    _ value: PropertyListValue, rule: PlistKeyRule, into list: inout FindingList
  ) -> [String: [String]] {
    guard case .dictionary(let entries) = value else {
      list.add(
        .error, .valueType, at: rule.name, "must be \(rule.shape.description), found \(value.typeName)",
        fix: "write a <dict> whose keys are country codes, such as <key>fr</key>")
      return [:]
    }
    if entries.isEmpty {
      list.add(
        .warning, .emptyList, at: rule.name, "lists no countries, so it enables nothing",
        fix: "add a country code with its link, or remove the key")
    }
    var links: [String: [String]] = [:]
    for country in entries.keys.sorted() {
      let path = "\(rule.name).\(country)"
      CountryCodeCheck.check(country, at: path, allowed: rule.countries, owner: rule.name, into: &list)
      let entry = entries[country]!
      links[country] =
        rule.shape == .countryToLinks
        ? checkLinkArray(entry, at: path, into: &list) : checkSingleLink(entry, at: path, into: &list)
    }
    return links
  }

  private static func checkSingleLink(
    _ value: PropertyListValue, at path: String, into list: inout FindingList
  ) -> [String] {
    guard let url = value.stringValue else {
      let hint =
        if case .array = value { "; for several links use \(LintTables.multiLinkKey)" } else { "" }
      list.add(
        .error, .valueType, at: path, "must be a URL string, found \(value.typeName)\(hint)",
        fix: "write one <string>https://...</string>")
      return []
    }
    LinkURLCheck.check(url, at: path, into: &list)
    return [url]
  }

  private static func checkLinkArray(
    _ value: PropertyListValue, at path: String, into list: inout FindingList
  ) -> [String] {
    let entries = StringArrayEntries(
      notAnArray: { found in
        (
          "must be an array of URL strings, found \(found)",
          "wrap the link in <array><string>https://...</string></array>"
        )
      },
      empty: (
        .error, .linkCount, "lists no links; each country needs at least one",
        "add a link, or remove the country"
      ),
      entry: "a URL string", entryFix: "write the link as a <string>",
      repeated: { _, first in ("repeats the link at [\(first)]", "remove the repeated link") })
    let urls = entries.strings(value, at: path, into: &list) { url, itemPath, list in
      LinkURLCheck.check(url, at: itemPath, into: &list)
    }
    return urls.filter { !$0.isRepeat }.map(\.text)
  }
}
