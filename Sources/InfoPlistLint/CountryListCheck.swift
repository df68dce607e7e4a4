/// Checks a value that must be an array of country codes: type, emptiness, codes, duplicates.
enum CountryListCheck {
  /// Reports problems with `value` found at `keyPath`; returns the string entries it holds.
  @discardableResult
  static func check(
    _ value: PropertyListValue, at keyPath: String, allowed: [String], into list: inout FindingList
  ) -> [String] {
    guard case .array(let items) = value else {
      list.add(
        .error, .valueType, at: keyPath,
        "must be \(ValueShape.countryList.description), found \(value.typeName)",
        fix: "write an <array> of <string> country codes, such as <string>\(allowed.first ?? "fr")</string>")
      return []
    }
    if items.isEmpty {
      list.add(
        .warning, .emptyList, at: keyPath, "lists no countries, so it enables nothing",
        fix: "add the countries where the app offers this, or remove the key")
    }
    var codes: [String] = []
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = "\(keyPath)[\(index)]"
      guard let code = item.stringValue else {
        list.add(
          .error, .valueType, at: itemPath, "must be a country-code string, found \(item.typeName)",
          fix: "write the country code as a <string>")
        continue
      }
      if let first = firstIndex[code] {
        list.add(
          .warning, .duplicateEntry, at: itemPath, "'\(code)' is listed again (first at [\(first)])",
          fix: "remove the repeated '\(code)'")
      } else {
        CountryCodeCheck.check(code, at: itemPath, allowed: allowed, owner: keyPath, into: &list)
        firstIndex[code] = index
      }
      codes.append(code)
    }
    return codes
  }
}
