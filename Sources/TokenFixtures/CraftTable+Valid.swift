import ExternalPurchaseTokens

/// Rows a decoder must accept: canonical tokens, Apple's quirks, unusual but legal JSON, extra fields.
extension CraftTable {
  static func baselineRows(_ bases: CraftBases) -> [CraftedToken] {
    let rows: [(String, ExternalPurchaseToken, String)] = [
      (
        "plain-production", bases.plainProduction,
        "A production token from the notice sheet or link-out APIs."
      ),
      ("plain-sandbox", bases.plainSandbox, "A sandbox token from the notice sheet or link-out APIs."),
      (
        "custom-link-production", bases.customLinkProduction,
        "A production ACQUISITION custom link token valid for 365 days."
      ),
      (
        "custom-link-sandbox", bases.customLinkSandbox,
        "A sandbox SERVICES custom link token valid for one hour."
      ),
      (
        "custom-link-sandbox-in-app", bases.inAppSandbox,
        "A sandbox IN_APP custom link token valid for one hour."
      ),
      (
        "custom-link-sandbox-link-out", bases.linkOutSandbox,
        "A sandbox LINK_OUT custom link token valid for one hour."
      ),
    ]
    return rows.map { name, token, description in
      .accept(
        "valid-" + name, .baseline, description + " Canonical form: compact JSON, unpadded Base64URL.",
        token: canonical(token), expected: token)
    }
  }

  static func appleQuirkRows(_ bases: CraftBases) -> [CraftedToken] {
    let quirks: [(String, TokenEncoder.Quirks, String)] = [
      ("padding", .padding, "carries '=' padding"),
      ("trailing-newline", .trailingNewline, "decodes to JSON followed by a newline"),
      ("pretty-tabs", .prettyJSON, "decodes to pretty JSON, one field a line, indented with a tab"),
      ("all-three", .all, "has padding, pretty JSON with tabs and a trailing newline at once"),
    ]
    return quirks.flatMap { quirkName, quirk, what in
      bases.quirkBases.map { baseName, token in
        .accept(
          "quirk-\(quirkName)-\(baseName)", .appleQuirk,
          "A valid \(baseName) token that \(what), as some of Apple's published samples do.",
          token: TokenEncoder(quirks: quirk).encode(token), expected: token)
      }
    }
  }

  static func jsonVariantRows(_ bases: CraftBases) -> [CraftedToken] {
    let plain = bases.plainSandbox
    let payload = RawPayload(plain)
    let escapedId = "\"SANDBOX\\u005F" + plain.externalPurchaseId.dropFirst("SANDBOX_".count) + "\""
    let escapedBundle = JSONText.quoted(plain.bundleId).replacingFirst("m", with: "\\u006d")
    var reversed = payload
    reversed.members.reverse()
    return [
      .accept(
        "json-leading-whitespace", .jsonVariant,
        "The JSON is preceded by spaces and a newline, which JSON allows.",
        token: encode(" \n " + payload.json()), expected: plain),
      .accept(
        "json-trailing-whitespace-mix", .jsonVariant,
        "The JSON is followed by a space, a tab, a CR and a LF, all JSON whitespace.",
        token: encode(payload.json() + " \t\r\n"), expected: plain),
      .accept(
        "json-crlf-pretty", .jsonVariant, "Pretty JSON with Windows CRLF line ends and tab indents.",
        token: encode(
          "{\r\n\t" + payload.json(separator: ",\r\n\t", colon: ": ").dropFirst().dropLast() + "\r\n}"),
        expected: plain),
      .accept(
        "json-spaces-around-separators", .jsonVariant,
        "Spaces around every colon and comma and inside the braces.",
        token: encode("{ " + payload.json(separator: " , ", colon: " : ").dropFirst().dropLast() + " }"),
        expected: plain),
      .accept(
        "json-reversed-field-order", .jsonVariant,
        "The fields in reverse order; JSON objects are unordered, so position must not matter.",
        token: reversed.token, expected: plain),
      .accept(
        "json-escaped-sandbox-prefix", .jsonVariant,
        "The externalPurchaseId spells its '_' as \\u005F: the environment must be read after unescaping.",
        token: payload.replacing("externalPurchaseId", with: escapedId).token, expected: plain),
      .accept(
        "json-escaped-bundleId", .jsonVariant, "The bundleId spells one letter as a \\u escape.",
        token: payload.replacing("bundleId", with: escapedBundle).token, expected: plain),
    ]
  }

  static func extraFieldRows(_ bases: CraftBases) -> [CraftedToken] {
    let nested = JSONValue.object([
      JSONMember(name: "region", value: .string("eu")),
      JSONMember(
        name: "limits",
        value: .object([
          JSONMember(name: "max", value: .number("5")),
          JSONMember(name: "tiers", value: .array([.number("1"), .number("2"), .object([])])),
        ])),
    ])
    let extras: [(String, ExternalPurchaseToken, JSONMember, String)] = [
      ("string", bases.plainSandbox, JSONMember(name: "futureNote", value: .string("hello")), "a string"),
      ("number", bases.plainSandbox, JSONMember(name: "futureCount", value: .number("42")), "a number"),
      (
        "decimal", bases.plainSandbox, JSONMember(name: "futureRate", value: .number("0.25")),
        "a decimal number"
      ),
      (
        "big-number", bases.plainSandbox,
        JSONMember(name: "futureSerial", value: .number("123456789012345678901234567890")),
        "an integer far beyond Int64, which only known fields must fit"
      ),
      ("null", bases.plainSandbox, JSONMember(name: "futureFlag", value: .null), "null"),
      ("bool", bases.plainSandbox, JSONMember(name: "futureEnabled", value: .bool(true)), "a bool"),
      (
        "nested-object", bases.plainSandbox, JSONMember(name: "futureDetails", value: nested),
        "objects nested 3 deep"
      ),
      (
        "array", bases.plainSandbox,
        JSONMember(name: "futureList", value: .array([.string("a"), .null, .array([.bool(false)])])),
        "an array of mixed values"
      ),
      (
        "custom-link", bases.customLinkProduction, JSONMember(name: "futureNote", value: .string("hello")),
        "a string, on a custom link token"
      ),
    ]
    var rows = extras.map { name, base, member, what in
      var token = base
      token.extraFields = [member]
      return CraftedToken.accept(
        "extra-field-\(name)", .extraField,
        "An unknown field '\(member.name)' holding \(what); a decoder keeps it and carries on.",
        token: canonical(token), expected: token)
    }
    var first = bases.plainProduction
    first.extraFields = [JSONMember(name: "futureVersion", value: .number("2"))]
    var moved = RawPayload(first)
    moved.members.insert(moved.members.removeLast(), at: 0)
    rows.append(
      .accept(
        "extra-field-first", .extraField, "An unknown field placed before all known fields.",
        token: moved.token, expected: first))
    return rows
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced.
  func replacingFirst(_ target: Character, with replacement: String) -> String {
    guard let index = firstIndex(of: target) else { return self }
    return self[..<index] + replacement + self[self.index(after: index)...]
  }
}
