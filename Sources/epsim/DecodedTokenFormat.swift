import ExternalPurchaseTokens

/// How `epsim decode` prints a token: a listing for people, a JSON line for scripts.
enum DecodedTokenFormat {
  /// A few indented lines with the dates in ISO 8601 (UTC, milliseconds) and raw ms.
  static func listing(_ token: ExternalPurchaseToken, input: Int) -> String {
    var rows: [(String, String)] = [
      ("appAppleId", String(token.appAppleId)),
      ("bundleId", token.bundleId),
      ("externalPurchaseId", token.externalPurchaseId),
      ("tokenCreationDate", date(token.tokenCreationDate)),
      ("tokenType", token.tokenType?.rawValue ?? "none (plain token)"),
      ("tokenExpirationDate", token.tokenExpirationDate.map(date) ?? "none (plain tokens do not expire)"),
      ("environment", token.environment.rawValue),
      ("kind", token.kind.rawValue),
    ]
    for extra in token.extraFields {
      rows.append(("extra " + JSONText.quoted(extra.name), JSONText.serialize(extra.value)))
    }
    let width = rows.map(\.0.count).max() ?? 0
    var text = "input \(input):\n"
    for (name, value) in rows {
      text += "  " + name + String(repeating: " ", count: width - name.count + 2) + value + "\n"
    }
    return text + "\n"
  }

  /// One compact JSON object: the token's fields under their own names, extras included,
  /// then `environment` and `kind`. An extra field that is itself called `environment` or
  /// `kind` is written as `extra.environment` / `extra.kind`, so no key appears twice.
  static func jsonLine(_ token: ExternalPurchaseToken) -> String {
    var members: [String] = [
      member("appAppleId", String(token.appAppleId)),
      member("bundleId", JSONText.quoted(token.bundleId)),
      member("tokenCreationDate", String(token.tokenCreationDate)),
      member("externalPurchaseId", JSONText.quoted(token.externalPurchaseId)),
    ]
    if let type = token.tokenType { members.append(member("tokenType", JSONText.quoted(type.rawValue))) }
    if let expiration = token.tokenExpirationDate {
      members.append(member("tokenExpirationDate", String(expiration)))
    }
    for extra in token.extraFields {
      let name = computedNames.contains(extra.name) ? "extra." + extra.name : extra.name
      members.append(member(name, JSONText.serialize(extra.value)))
    }
    members.append(member("environment", JSONText.quoted(token.environment.rawValue)))
    members.append(member("kind", JSONText.quoted(token.kind.rawValue)))
    return "{" + members.joined(separator: ",") + "}\n"
  }

  private static let computedNames: Set<String> = ["environment", "kind"]

  private static func member(_ name: String, _ value: String) -> String {
    JSONText.quoted(name) + ":" + value
  }

  private static func date(_ milliseconds: Int64) -> String {
    ISO8601Milliseconds.string(fromMilliseconds: milliseconds) + " (\(milliseconds))"
  }
}
