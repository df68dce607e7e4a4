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

  /// One short line on what the category tests; short enough for 80-column help text.
  public var summary: String {
    switch self {
    case .baseline: "canonical tokens of each kind and environment (accept)"
    case .appleQuirk: "padding, trailing newline, pretty JSON with tabs (accept)"
    case .jsonVariant: "unusual but legal JSON: CRLF, escapes, order (accept)"
    case .extraField: "unknown fields of every JSON type, kept (accept)"
    case .truncated: "prefixes of a valid token, down to one character (reject)"
    case .badAlphabet: "space, '*', non-ASCII, quotes, '%3D' in the token (reject)"
    case .standardAlphabet: "'+' '/' instead of '-' '_' (reject), with a control row"
    case .badPadding: "'=' misplaced or miscounted (reject)"
    case .badJSON: "payloads that are not valid JSON (reject)"
    case .topLevel: "valid JSON that is not an object (reject)"
    case .missingField: "a required field absent (reject)"
    case .wrongType: "a known field holding the wrong JSON type (reject)"
    case .tokenType: "tokenType not one of Apple's four raw values (reject)"
    case .customLinkPair: "tokenType without tokenExpirationDate or reverse (reject)"
    case .expirationOrder: "expiration before, at or 1 ms after creation"
    case .numberRange: "beyond 2^53 (accept), beyond Int64 (reject), negative dates"
    case .size: "empty, blank, exactly the maximum length, and over it"
    case .nesting: "thousands deep, within the length limit (reject)"
    }
  }
}
