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
    guard case .array(let items) = value else {
      list.add(
        .error, .valueType, at: path, "must be an array of URL strings, found \(value.typeName)",
        fix: "wrap the link in <array><string>https://...</string></array>")
      return []
    }
    if items.isEmpty {
      list.add(
        .error, .linkCount, at: path, "lists no links; each country needs at least one",
        fix: "add a link, or remove the country")
    }
    var urls: [String] = []
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard let url = item.stringValue else {
        list.add(
          .error, .valueType, at: itemPath, "must be a URL string, found \(item.typeName)",
          fix: "write the link as a <string>")
        continue
      }
      if let first = firstIndex[url] {
        list.add(
          .warning, .duplicateEntry, at: itemPath, "repeats the link at [\(first)]",
          fix: "remove the repeated link")
        continue
      }
      firstIndex[url] = index
      LinkURLCheck.check(url, at: itemPath, into: &list)
      urls.append(url)
    }
    return urls
  }
}
