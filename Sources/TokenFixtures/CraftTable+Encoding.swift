import ExternalPurchaseTokens

/// Rows broken at the Base64URL layer: truncation, foreign characters, the wrong alphabet, bad padding.
extension CraftTable {
  static func truncatedRows(_ bases: CraftBases) -> [CraftedToken] {
    let whole = canonical(bases.customLinkSandbox)
    let lastFullGroup = whole.count / 4 * 4
    let cuts: [(String, Int, String)] = [
      ("keep-1-char", 1, "a single character, which no Base64 length allows"),
      ("keep-2-chars", 2, "two characters, which decode to one byte of JSON"),
      ("keep-4-chars", 4, "one full Base64 group, three bytes of JSON"),
      (
        "keep-half", whole.count / 2 / 4 * 4,
        "the first half, cut on a group boundary so only the JSON is broken"
      ),
      ("keep-255-chars", 255, "255 characters, what a VARCHAR(255) column keeps"),
      ("at-last-full-group", lastFullGroup, "the last full group, losing the closing brace"),
      ("drop-last-char", whole.count - 1, "all but the last character"),
    ]
    return cuts.map { name, length, what in
      precondition(length < whole.count, "a truncation must be shorter than the whole token")
      return .reject(
        "truncated-\(name)", .truncated,
        "The valid-custom-link-sandbox token cut to \(what) (\(length) of \(whole.count)).",
        token: String(whole.prefix(length)))
    }
  }

  static func badAlphabetRows(_ bases: CraftBases) -> [CraftedToken] {
    let whole = canonical(bases.customLinkSandbox)
    let middle = whole.count / 2
    let padded = TokenEncoder(quirks: .padding).encode(bases.plainProduction)
    let percentEncoded = String(padded.prefix { $0 != "=" }) + "%3D%3D"
    let rows: [(String, String, String)] = [
      ("space", inserting(" ", into: whole, at: middle), "a space in the middle"),
      ("asterisk", replacing(at: middle, in: whole, with: "*"), "a '*' in place of one character"),
      (
        "non-ascii", inserting("é", into: whole, at: middle),
        "a non-ASCII 'é' (two UTF-8 bytes) in the middle"
      ),
      (
        "zero-width-space", inserting("\u{200B}", into: whole, at: middle),
        "an invisible zero-width space (U+200B)"
      ),
      ("leading-space", " " + whole, "a space before the token, as copy and paste leaves"),
      ("trailing-space", whole + " ", "a space after the token"),
      ("quoted", "\"" + whole + "\"", "the token wrapped in double quotes, as a JSON string leaks them"),
      ("percent-encoded-padding", percentEncoded, "its '==' padding still URL-encoded as '%3D%3D'"),
    ]
    return rows.map { name, token, what in
      let offset = firstOffsetOutsideAlphabet(token)
      return .reject(
        "bad-alphabet-\(name)", .badAlphabet,
        "A valid token with \(what); the first byte outside Base64URL is at UTF-8 byte offset \(offset).",
        token: token)
    }
  }

  static func standardAlphabetRows(_ bases: CraftBases) -> [CraftedToken] {
    // Only the bytes '>' '?' '~' and DEL in the third position of a group (or non-ASCII bytes)
    // produce '-' and '_'; ordinary ASCII token JSON never does, so a decoder using the standard
    // alphabet works on every real token by luck. This payload forces both characters.
    var token = bases.customLinkSandbox
    token.extraFields = [JSONMember(name: "probe", value: .string("?>?>?>"))]
    let url = canonical(token)
    let standard = toStandardAlphabet(url)
    let standardPadded = toStandardAlphabet(TokenEncoder(quirks: .padding).encode(token))
    return [
      .accept(
        "url-alphabet-dash-underscore", .standardAlphabet,
        "Control row: a valid token whose Base64URL text contains '-' and '_', which standard Base64 decoders refuse.",
        token: url, expected: token),
      .reject(
        "standard-alphabet-unpadded", .standardAlphabet,
        "The control row in the standard alphabet, '+' and '/' for '-' and '_'; the first is at UTF-8 byte offset "
          + "\(firstOffsetOutsideAlphabet(standard)).",
        token: standard),
      .reject(
        "standard-alphabet-padded", .standardAlphabet,
        "The control row exactly as a standard Base64 encoder writes it, padded; the first '+' or '/' is at UTF-8 "
          + "byte offset \(firstOffsetOutsideAlphabet(standardPadded)).",
        token: standardPadded),
    ]
  }

  static func badPaddingRows(_ bases: CraftBases) -> [CraftedToken] {
    // The plain production payload is 1 mod 3 bytes long, so its full padding is '=='.
    let padded = TokenEncoder(quirks: .padding).encode(bases.plainProduction)
    let whole = canonical(bases.customLinkSandbox)
    return [
      .reject(
        "padding-partial", .badPadding,
        "One '=' where the last group needs two: neither padded nor unpadded.",
        token: String(padded.dropLast())),
      .reject(
        "padding-excess", .badPadding, "Four '=' where the last group needs two.", token: padded + "=="),
      .reject(
        "padding-in-middle", .badPadding,
        "An '=' in the middle of the token at byte \(whole.count / 2); padding may only end a token.",
        token: inserting("=", into: whole, at: whole.count / 2)),
      .reject("padding-only", .badPadding, "Nothing but padding: '=='.", token: "=="),
    ]
  }

  /// The UTF-8 byte offset of the first byte that is neither Base64URL nor trailing '=' padding.
  static func firstOffsetOutsideAlphabet(_ token: String) -> Int {
    let bytes = Array(token.utf8)
    let paddingStart = bytes.lastIndex { $0 != UInt8(ascii: "=") }.map { $0 + 1 } ?? 0
    return bytes.indices.first { index in
      !(base64URLBytes.contains(bytes[index]) || (index >= paddingStart && bytes[index] == UInt8(ascii: "=")))
    } ?? bytes.count
  }

  static let base64URLBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func toStandardAlphabet(_ token: String) -> String {
    String(token.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
  }

  static func inserting(_ piece: String, into text: String, at offset: Int) -> String {
    String(text.prefix(offset)) + piece + String(text.dropFirst(offset))
  }

  static func replacing(at offset: Int, in text: String, with piece: String) -> String {
    String(text.prefix(offset)) + piece + String(text.dropFirst(offset + 1))
  }
}
