import ExternalPurchaseTokens

/// Rows broken at the JSON layer or by their size: invalid JSON, wrong top level, depth, length.
extension CraftTable {
  static func badJSONRows(_ bases: CraftBases) -> [CraftedToken] {
    let payload = RawPayload(bases.plainSandbox)
    let json = payload.json()
    let appId = payload.value("appAppleId")
    let unquotedKeys = "{" + payload.members.map { $0.name + ":" + $0.json }.joined(separator: ",") + "}"
    let texts: [(String, String, String)] = [
      ("unterminated-string", String(json.dropLast(2)) + "}", "the last string value never closes its quote"),
      ("trailing-comma", String(json.dropLast()) + ",}", "a comma after the last field"),
      ("single-quotes", String(json.map { $0 == "\"" ? "'" : $0 }), "single quotes instead of double quotes"),
      ("missing-closing-brace", String(json.dropLast()), "no closing brace"),
      ("missing-opening-brace", String(json.dropFirst()), "no opening brace"),
      ("unquoted-keys", unquotedKeys, "field names without quotes, as JavaScript allows"),
      ("comment", "{/* token */" + json.dropFirst(), "a /* comment */, which JSON does not have"),
      ("nan", payload.replacing("appAppleId", with: "NaN").json(), "NaN as appAppleId"),
      ("infinity", payload.replacing("tokenCreationDate", with: "Infinity").json(), "Infinity as a date"),
      (
        "leading-zero", payload.replacing("appAppleId", with: "0" + appId).json(),
        "a number with a leading zero"
      ),
      ("plus-sign", payload.replacing("appAppleId", with: "+" + appId).json(), "a number with a '+' sign"),
      (
        "bad-escape", payload.replacing("bundleId", with: "\"com.\\x41pp\"").json(),
        "the escape \\x41 in a string"
      ),
      (
        "raw-tab-in-string", payload.replacing("bundleId", with: "\"com.example\t.music\"").json(),
        "an unescaped tab inside a string; tabs are legal only between tokens"
      ),
      ("extra-closing-brace", json + "}", "a second closing brace after the object"),
      ("two-objects", json + json, "two objects back to back"),
      ("trailing-garbage", json + "x", "a stray letter after the object"),
      ("whitespace-only", " \n\t ", "only whitespace, no value at all"),
      (
        "duplicate-key", payload.appending("externalPurchaseId", JSONText.quoted("0")).json(),
        "externalPurchaseId twice; parsers disagree on which wins, so a token could report a different id"
      ),
    ]
    var rows = texts.map { name, text, what in
      CraftedToken.reject("json-\(name)", .badJSON, "The payload has \(what).", token: encode(text))
    }
    // 0xC3 0x28 starts a two-byte sequence with a byte that cannot continue it.
    let halves = payload.replacing("bundleId", with: "\"com.|\"").json().split(separator: "|")
    let invalidUTF8 = Array(halves[0].utf8) + [0xC3, 0x28] + Array(halves[1].utf8)
    rows.append(
      .reject(
        "json-invalid-utf8", .badJSON,
        "The bundleId holds the bytes C3 28, which are not UTF-8; JSON text must be.",
        token: Base64URL.encode(invalidUTF8)))
    return rows
  }

  static func topLevelRows(_ bases: CraftBases) -> [CraftedToken] {
    let json = RawPayload(bases.plainSandbox).json()
    let texts: [(String, String, String)] = [
      ("array", "[" + json + "]", "an array holding a valid token object"),
      ("string", JSONText.quoted(json), "a string holding the JSON of a valid token (encoded twice)"),
      ("number", String(bases.plainSandbox.appAppleId), "a number"),
      ("null", "null", "null"),
      ("bool", "true", "true"),
    ]
    return texts.map { name, text, what in
      .reject(
        "top-level-\(name)", .topLevel, "The payload is valid JSON but \(what), not an object.",
        token: encode(text))
    }
  }

  static func nestingRows(_ bases: CraftBases) -> [CraftedToken] {
    let payload = RawPayload(bases.plainSandbox)
    let arrays = CraftLimits.deepArrayNesting
    let objects = CraftLimits.deepObjectNesting
    let unclosed = CraftLimits.unclosedArrayNesting
    let rows: [(String, String, String)] = [
      (
        "\(arrays)-arrays", String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays),
        "\(arrays) nested arrays, balanced"
      ),
      (
        "\(objects)-objects",
        String(repeating: "{\"a\":", count: objects) + "0" + String(repeating: "}", count: objects),
        "\(objects) nested objects, balanced"
      ),
      (
        "\(unclosed)-unclosed-arrays", String(repeating: "[", count: unclosed),
        "\(unclosed) opening brackets that never close; a recursive parser without a cap overflows its stack"
      ),
    ]
    return rows.map { name, value, what in
      .reject(
        "nesting-\(name)", .nesting,
        "An extra field 'deep' holding \(what); epsim's decoder caps nesting depth and rejects it without crashing.",
        token: payload.appending("deep", value).token)
    }
  }

  static func sizeRows(_ bases: CraftBases) -> [CraftedToken] {
    let limit = CraftLimits.maximumTokenLength
    let atLimit = filled(bases.plainSandbox, toLength: limit)
    // A Base64 text is never 1 more than a multiple of 4 long, so limit + 2 is the shortest
    // over-limit token that is otherwise well formed.
    let justOver = filled(bases.plainSandbox, toLength: limit + 2)
    let farOver = filled(bases.plainSandbox, toLength: limit * 4)
    return [
      .reject("size-empty", .size, "The empty string.", token: ""),
      .reject("size-whitespace-only", .size, "Only spaces and a tab.", token: "  \t "),
      .accept(
        "size-at-maximum", .size,
        "A valid token padded by an extra 'filler' field to exactly \(limit) bytes, the maximum length.",
        token: canonical(atLimit), expected: atLimit),
      .reject(
        "size-just-over-maximum", .size,
        "A well-formed token of \(limit + 2) bytes, the shortest Base64 length over the \(limit)-byte maximum.",
        token: canonical(justOver)),
      .reject(
        "size-far-over-maximum", .size,
        "A well-formed token of \(limit * 4) bytes; a decoder must refuse it before decoding.",
        token: canonical(farOver)),
    ]
  }

  /// `token` with an extra `filler` string sized so its canonical form is `length` characters.
  static func filled(_ token: ExternalPurchaseToken, toLength length: Int) -> ExternalPurchaseToken {
    precondition(length % 4 != 1, "no Base64 text is 1 more than a multiple of 4 long")
    let payloadBytes = length / 4 * 3 + max(length % 4 - 1, 0)
    var result = token
    result.extraFields = [JSONMember(name: "filler", value: .string(""))]
    let fillerCount = payloadBytes - TokenEncoder().json(for: result).utf8.count
    result.extraFields = [
      JSONMember(name: "filler", value: .string(String(repeating: "x", count: fillerCount)))
    ]
    return result
  }
}
