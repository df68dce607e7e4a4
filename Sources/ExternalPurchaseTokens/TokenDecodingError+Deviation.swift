extension TokenDecodingError {
  /// How a valid token differs from the canonical form `TokenEncoder()` writes (strict mode).
  public enum Deviation: Hashable, Sendable {
    /// `=` padding, starting at `offset` of the token string.
    case padding(offset: Int)
    /// The last Base64URL character carries bits that encode nothing but are not zero.
    case nonZeroTrailingBits(offset: Int)
    /// Whitespace inside the JSON (pretty or spaced JSON); `offset` is in the JSON.
    case whitespaceInJSON(offset: Int)
    /// A newline or other whitespace after the JSON object; `offset` is in the JSON.
    case whitespaceAfterJSON(offset: Int)
    /// A field the canonical form does not have.
    case extraField(name: String)
    /// Field `found` stands where Apple's order puts field `expected`.
    case fieldOrder(found: String, expected: String)
    /// A string written with escapes the encoder would not use (`\/`, `\u0041`).
    case nonCanonicalString(field: String, offset: Int)
    /// A number written differently from the encoder (`-0`).
    case nonCanonicalNumber(field: String, text: String)
    /// Any other difference from the re-encoded token; `offset` is in the token string.
    case notByteIdentical(offset: Int)
  }
}

extension TokenDecodingError.Deviation: CustomStringConvertible {
  /// The deviation as a clause that completes "Not the canonical token form: ...".
  public var description: String {
    switch self {
    case .padding(let offset):
      return "'=' padding at offset \(offset)"
    case .nonZeroTrailingBits(let offset):
      return "the last Base64URL character at offset \(offset) has non-zero unused bits"
    case .whitespaceInJSON(let offset):
      return "whitespace inside the JSON at byte \(offset) (the canonical JSON is compact)"
    case .whitespaceAfterJSON(let offset):
      return "a newline or whitespace after the JSON at byte \(offset)"
    case .extraField(let name):
      return "extra field \(JSONText.quoted(name))"
    case .fieldOrder(let found, let expected):
      return "field \"\(found)\" stands where Apple's field order puts \"\(expected)\""
    case .nonCanonicalString(let field, let offset):
      return "the string in \"\(field)\" at byte \(offset) uses escapes the canonical form does not"
    case .nonCanonicalNumber(let field, let text):
      return "field \"\(field)\" is written as \(text)"
    case .notByteIdentical(let offset):
      return "it differs from its canonical encoding at offset \(offset)"
    }
  }
}
