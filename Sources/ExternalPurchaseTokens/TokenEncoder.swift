/// Turns a token into the string StoreKit would hand out.
///
/// The canonical form is compact JSON in Apple's field order, unpadded
/// Base64URL (SPEC 10). The quirk options reproduce the inconsistencies of
/// Apple's published samples, for testing decoders (SPEC 1).
public struct TokenEncoder: Sendable {
  /// Apple's sample-token inconsistencies, each switchable on its own.
  public struct Quirks: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `=` padding on the Base64URL text.
    public static let padding = Quirks(rawValue: 1 << 0)
    /// A newline after the JSON.
    public static let trailingNewline = Quirks(rawValue: 1 << 1)
    /// Pretty JSON: one field a line, indented with a tab.
    public static let prettyJSON = Quirks(rawValue: 1 << 2)

    public static let all: Quirks = [.padding, .trailingNewline, .prettyJSON]
  }

  public var quirks: Quirks

  public init(quirks: Quirks = []) {
    self.quirks = quirks
  }

  /// The token string.
  public func encode(_ token: ExternalPurchaseToken) -> String {
    Base64URL.encode(jsonBytes(for: token), padded: quirks.contains(.padding))
  }

  /// The JSON text inside the token, with the chosen quirks.
  public func json(for token: ExternalPurchaseToken) -> String {
    String(decoding: jsonBytes(for: token), as: UTF8.self)
  }

  /// The JSON as bytes, written in one pass (see `JSONByteWriter`).
  func jsonBytes(for token: ExternalPurchaseToken) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 256 + token.extraFields.count * 32)
    let pretty = quirks.contains(.prettyJSON)
    var isFirst = true
    func beginMember(_ quotedName: StaticString) {
      writer.append(isFirst ? (pretty ? "{\n\t" : "{") : (pretty ? ",\n\t" : ","))
      writer.append(quotedName)
      writer.append(pretty ? " : " : ":")
      isFirst = false
    }
    beginMember(#""appAppleId""#)
    writer.appendInteger(token.appAppleId)
    beginMember(#""bundleId""#)
    writer.appendQuoted(token.bundleId)
    beginMember(#""tokenCreationDate""#)
    writer.appendInteger(token.tokenCreationDate)
    beginMember(#""externalPurchaseId""#)
    writer.appendQuoted(token.externalPurchaseId)
    if let type = token.tokenType {
      beginMember(#""tokenType""#)
      writer.appendQuoted(type.rawValue)
    }
    if let expiration = token.tokenExpirationDate {
      beginMember(#""tokenExpirationDate""#)
      writer.appendInteger(expiration)
    }
    for extra in token.extraFields {
      writer.append(pretty ? ",\n\t" : ",")
      writer.appendQuoted(extra.name)
      writer.append(pretty ? " : " : ":")
      writer.append(text: JSONText.serialize(extra.value))
    }
    writer.append(pretty ? "\n}" : "}")
    if quirks.contains(.trailingNewline) { writer.append(UInt8(ascii: "\n")) }
    return writer.bytes
  }
}

/// Small JSON writing helpers shared by the encoder and the CLI's JSON output.
public enum JSONText {
  /// `text` as a JSON string literal, escaping what JSON requires.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Compact JSON text of `value`.
  public static func serialize(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return quoted(text)
    case .array(let items): return "[" + items.map(serialize).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { quoted($0.name) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
    }
  }
}
