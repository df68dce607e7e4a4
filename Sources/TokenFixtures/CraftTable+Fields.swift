import ExternalPurchaseTokens

/// Rows whose JSON is valid but whose fields are not: missing, mistyped, inconsistent.
extension CraftTable {
  static let requiredFields = ["appAppleId", "bundleId", "tokenCreationDate", "externalPurchaseId"]

  static func missingFieldRows(_ bases: CraftBases) -> [CraftedToken] {
    let shapes: [(String, ExternalPurchaseToken, String)] = [
      ("", bases.plainSandbox, "plain sandbox"),
      ("-custom-link", bases.customLinkSandbox, "custom link sandbox"),
    ]
    var rows = shapes.flatMap { suffix, base, what in
      requiredFields.map { field in
        CraftedToken.reject(
          "missing-field-\(field)\(suffix)", .missingField,
          "A \(what) token without its required '\(field)' field.",
          token: RawPayload(base).removing(field).token)
      }
    }
    rows.append(.reject("missing-all-fields", .missingField, "The empty object {}.", token: encode("{}")))
    return rows
  }

  static func wrongTypeRows(_ bases: CraftBases) -> [CraftedToken] {
    let plain = RawPayload(bases.plainSandbox)
    let custom = RawPayload(bases.customLinkSandbox)
    let integerFields = [
      (plain, "appAppleId"), (plain, "tokenCreationDate"), (custom, "tokenExpirationDate"),
    ]
    let stringFields = [(plain, "bundleId"), (plain, "externalPurchaseId"), (custom, "tokenType")]
    var rows: [CraftedToken] = []
    for (payload, field) in integerFields {
      let digits = payload.value(field)
      let kinds: [(String, String, String)] = [
        ("string", JSONText.quoted(digits), "its number as a string"),
        ("null", "null", "null"),
        ("bool", "true", "a bool"),
        ("object", "{\"value\":\(digits)}", "an object wrapping its number"),
        ("array", "[\(digits)]", "an array holding its number"),
        ("float", digits + ".5", "a number with a fraction"),
        ("integral-float", digits + ".0", "an integral value written with a '.0' fraction"),
        ("exponent", exponentForm(digits), "its exact value in exponent notation"),
      ]
      rows += kinds.map { kind, json, what in
        .reject(
          "wrong-type-\(field)-\(kind)", .wrongType,
          "The integer field '\(field)' holds \(what); integer fields must be JSON integer literals.",
          token: payload.replacing(field, with: json).token)
      }
    }
    for (payload, field) in stringFields {
      let kinds: [(String, String, String)] = [
        ("number", "12345", "a number"),
        ("null", "null", "null"),
        ("bool", "false", "a bool"),
        ("object", "{\"value\":\(payload.value(field))}", "an object wrapping its string"),
        ("array", "[\(payload.value(field))]", "an array holding its string"),
      ]
      rows += kinds.map { kind, json, what in
        .reject(
          "wrong-type-\(field)-\(kind)", .wrongType, "The string field '\(field)' holds \(what).",
          token: payload.replacing(field, with: json).token)
      }
    }
    return rows
  }

  static func tokenTypeRows(_ bases: CraftBases) -> [CraftedToken] {
    let custom = RawPayload(bases.customLinkSandbox)
    let values: [(String, String, String)] = [
      ("unknown", "PROMOTION", "a type Apple does not define"),
      ("lowercase", "services", "a valid type in lower case; raw values are case-sensitive"),
      ("swift-case-name", "inApp", "the Swift case name instead of the raw value IN_APP"),
      ("empty", "", "the empty string"),
      ("padded-whitespace", " SERVICES", "a valid type with a leading space"),
    ]
    return values.map { name, value, what in
      .reject(
        "token-type-\(name)", .tokenType, "tokenType is \(what): \(JSONText.quoted(value)).",
        token: custom.replacing("tokenType", with: JSONText.quoted(value)).token)
    }
  }

  static func customLinkPairRows(_ bases: CraftBases) -> [CraftedToken] {
    let shapes = [("sandbox", bases.customLinkSandbox), ("production", bases.customLinkProduction)]
    return shapes.flatMap { environment, base in
      [
        CraftedToken.reject(
          "type-without-expiration-\(environment)", .customLinkPair,
          "A \(environment) custom link token with tokenType but no tokenExpirationDate.",
          token: RawPayload(base).removing("tokenExpirationDate").token),
        CraftedToken.reject(
          "expiration-without-type-\(environment)", .customLinkPair,
          "A \(environment) custom link token with tokenExpirationDate but no tokenType.",
          token: RawPayload(base).removing("tokenType").token),
      ]
    }
  }

  static func expirationOrderRows(_ bases: CraftBases) -> [CraftedToken] {
    let base = bases.customLinkSandbox
    let creation = base.tokenCreationDate
    var oneAfter = base
    oneAfter.tokenExpirationDate = creation + 1
    return [
      .reject(
        "expiration-before-creation", .expirationOrder,
        "tokenExpirationDate is one hour before tokenCreationDate.",
        token: RawPayload(base).replacing("tokenExpirationDate", with: String(creation - CraftBases.hour))
          .token),
      .reject(
        "expiration-equals-creation", .expirationOrder,
        "tokenExpirationDate equals tokenCreationDate: an active period that contains no instant.",
        token: RawPayload(base).replacing("tokenExpirationDate", with: String(creation)).token),
      .accept(
        "expiration-one-ms-after-creation", .expirationOrder,
        "tokenExpirationDate is one millisecond after tokenCreationDate, the shortest valid period.",
        token: canonical(oneAfter), expected: oneAfter),
    ]
  }

  /// `digits` (a non-negative integer) as `d.ddde<k>`, the same value in exponent notation.
  static func exponentForm(_ digits: String) -> String {
    let mantissa = digits.count > 1 ? String(digits.prefix(1)) + "." + digits.dropFirst() : digits
    return mantissa + "e" + String(digits.count - 1)
  }
}
