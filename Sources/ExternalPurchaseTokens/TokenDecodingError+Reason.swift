extension TokenDecodingError {
  /// Everything that can be wrong with a token, from the outer Base64URL text inwards.
  ///
  /// Offsets are 0-based. Offsets into the token string count UTF-8 bytes of the
  /// string as given; offsets into the JSON count bytes of the
  /// decoded JSON text.
  public enum Reason: Hashable, Sendable {
    /// The token string is empty.
    case empty
    /// The token string is longer than `TokenDecoder.maximumTokenLength` UTF-8 bytes.
    case oversized(length: Int, limit: Int)
    /// A character outside the Base64URL alphabet.
    case invalidBase64Character(offset: Int, character: Unicode.Scalar)
    /// The Base64URL text (without padding) has `length` characters with `length % 4 == 1`,
    /// which no byte sequence encodes to.
    case impossibleBase64Length(length: Int)
    /// An `=` that is followed by more Base64URL characters.
    case misplacedPadding(offset: Int)
    /// Padding that does not fit the text's length (for example `Zg=` or `Zm9v=`).
    case wrongPaddingCount(offset: Int, expected: Int, found: Int)
    /// The decoded bytes are not UTF-8; `offset` is the first bad byte of the JSON.
    case notUTF8(offset: Int)
    /// The decoded text is not JSON: at `offset`, `expected` was expected and `found` was there.
    case jsonSyntax(offset: Int, expected: String, found: String)
    /// Arrays and objects nested more than `limit` deep (a guard against hostile input).
    case nestingTooDeep(offset: Int, limit: Int)
    /// The JSON is valid but is not an object.
    case topLevelNotObject(found: JSONValue.Kind)
    /// A field every token carries is absent.
    case missingField(String)
    /// A field holds the wrong kind of value.
    case wrongType(field: String, expected: JSONValue.Kind, found: JSONValue.Kind)
    /// An integer field outside the 64-bit signed range; `text` is the number as written.
    case integerOutOfRange(field: String, text: String)
    /// An integer field written with a fraction or an exponent (`1.5`, `1e3`, `2.0`).
    case nonIntegerNumber(field: String, text: String)
    /// A `tokenType` that is not ACQUISITION, SERVICES, IN_APP or LINK_OUT.
    case unknownTokenType(String)
    /// `tokenExpirationDate` is not later than `tokenCreationDate`.
    case expirationNotAfterCreation(creation: Int64, expiration: Int64)
    /// `tokenType` is present but `tokenExpirationDate` is not.
    case tokenTypeWithoutExpiration
    /// `tokenExpirationDate` is present but `tokenType` is not.
    case expirationWithoutTokenType
    /// A field name that appears twice in the token object; `offset` is the second one.
    case duplicateField(name: String, offset: Int)
    /// Strict mode only: the token is valid but not in the canonical form.
    case notCanonical(Deviation)
  }
}

extension TokenDecodingError.Reason: CustomStringConvertible {
  /// One sentence that says what is wrong and where.
  public var description: String {
    switch self {
    case .empty:
      return "The token is empty."
    case .oversized(let length, let limit):
      return "The token is \(length) bytes long, more than the \(limit) bytes a token may have."
    case .invalidBase64Character(let offset, let character):
      var sentence = "Invalid Base64URL character \(Self.show(character)) at offset \(offset)"
      if character == "+" || character == "/" {
        sentence += "; tokens use '-' and '_' where standard Base64 uses '+' and '/'"
      }
      return sentence + "."
    case .impossibleBase64Length(let length):
      return "The Base64URL text has \(length) characters without padding; "
        + "no bytes encode to that length, so a character is missing or extra at the end."
    case .misplacedPadding(let offset):
      return "Padding '=' at offset \(offset) is followed by more characters; '=' may only end the text."
    case .wrongPaddingCount(let offset, let expected, let found):
      return "The padding at offset \(offset) has \(found) '=' but the text's length needs \(expected)."
    case .notUTF8(let offset):
      return "The decoded JSON is not valid UTF-8 at byte \(offset)."
    case .jsonSyntax(let offset, let expected, let found):
      return "JSON syntax error at byte \(offset): expected \(expected), found \(found)."
    case .nestingTooDeep(let offset, let limit):
      return "The JSON nests arrays or objects more than \(limit) levels deep at byte \(offset)."
    case .topLevelNotObject(let found):
      return "The JSON is \(found.phrase), not an object."
    case .missingField(let name):
      return "Required field \"\(name)\" is missing."
    case .wrongType(let field, let expected, let found):
      let wanted = expected == .number ? "an integer" : expected.phrase
      return "Field \"\(field)\" must be \(wanted) but is \(found.phrase)."
    case .integerOutOfRange(let field, let text):
      return "Field \"\(field)\" is \(text), outside the 64-bit integer range."
    case .nonIntegerNumber(let field, let text):
      return
        "Field \"\(field)\" is \(text), but it must be an integer written without a fraction or exponent."
    case .unknownTokenType(let value):
      return
        "Unknown tokenType \(JSONText.quoted(value)); expected ACQUISITION, SERVICES, IN_APP or LINK_OUT."
    case .expirationNotAfterCreation(let creation, let expiration):
      return "tokenExpirationDate \(expiration) is not after tokenCreationDate \(creation)."
    case .tokenTypeWithoutExpiration:
      return "The token has a tokenType but no tokenExpirationDate; custom link tokens carry both."
    case .expirationWithoutTokenType:
      return "The token has a tokenExpirationDate but no tokenType; custom link tokens carry both."
    case .duplicateField(let name, let offset):
      return "Field \"\(name)\" appears twice; the second one is at byte \(offset) of the JSON."
    case .notCanonical(let deviation):
      return "Not the canonical token form (strict mode): \(deviation)."
    }
  }

  /// A character quoted for a message; invisible ones as their code point.
  static func show(_ character: Unicode.Scalar) -> String {
    if character.value > 0x20 && character.value < 0x7f { return "'\(character)'" }
    let hex = String(character.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
