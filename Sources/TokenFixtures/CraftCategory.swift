/// A family of crafted tokens: one kind of defect, or one kind of quirk a decoder must tolerate.
public enum CraftCategory: String, CaseIterable, Hashable, Sendable {
  case baseline
  case appleQuirk = "apple-quirk"
  case jsonVariant = "json-variant"
  case extraField = "extra-field"
  case truncated
  case badAlphabet = "bad-alphabet"
  case standardAlphabet = "standard-alphabet"
  case badPadding = "bad-padding"
  case badJSON = "bad-json"
  case topLevel = "top-level"
  case missingField = "missing-field"
  case wrongType = "wrong-type"
  case tokenType = "token-type"
  case customLinkPair = "custom-link-pair"
  case expirationOrder = "expiration-order"
  case numberRange = "number-range"
  case size
  case nesting

  /// One line on what the category tests, for help text and docs.
  public var summary: String {
    switch self {
    case .baseline: "canonical tokens of every kind and environment (accept)"
    case .appleQuirk: "padding, trailing newline and pretty JSON with tabs, as in Apple's samples (accept)"
    case .jsonVariant: "legal JSON spelled unusually: whitespace, CRLF, field order, escapes (accept)"
    case .extraField: "unknown fields of every JSON type, kept by the decoder (accept)"
    case .truncated: "prefixes of a valid token, down to one character (reject)"
    case .badAlphabet: "bytes outside the Base64URL alphabet: space, '*', non-ASCII, quotes (reject)"
    case .standardAlphabet: "the standard Base64 alphabet '+' '/' instead of '-' '_', with a control row"
    case .badPadding: "'=' in the wrong place or the wrong number of them (reject)"
    case .badJSON: "payloads that are not valid JSON (reject)"
    case .topLevel: "valid JSON whose top level is not an object (reject)"
    case .missingField: "a required field absent (reject)"
    case .wrongType: "a known field holding the wrong JSON type (reject)"
    case .tokenType: "a tokenType that is not one of Apple's four raw values (reject)"
    case .customLinkPair: "tokenType without tokenExpirationDate or the reverse (reject)"
    case .expirationOrder: "expiration before, at, or one millisecond after creation"
    case .numberRange: "integers beyond 2^53 (accept), beyond Int64 (reject), negative dates (accept)"
    case .size: "empty, whitespace only, exactly the maximum length, and over it"
    case .nesting: "extra fields nested thousands deep, within the length limit (reject)"
    }
  }
}
