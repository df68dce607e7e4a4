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

  /// The JSON text as UTF-8, written byte by byte: every simulated token passes through here,
  /// and building it from joined strings cost more than the rest of minting a token.
  func jsonBytes(for token: ExternalPurchaseToken) -> [UInt8] {
    let pretty = quirks.contains(.prettyJSON)
    var json: [UInt8] = []
    json.reserveCapacity(320)
    json.append(contentsOf: pretty ? Array("{\n".utf8) : [UInt8(ascii: "{")])
    var memberCount = 0
    func name(_ text: String) {
      if memberCount > 0 { json.append(contentsOf: pretty ? Array(",\n".utf8) : [UInt8(ascii: ",")]) }
      if pretty { json.append(UInt8(ascii: "\t")) }
      json.append(contentsOf: JSONText.quoted(text).utf8)
      json.append(contentsOf: pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")])
      memberCount += 1
    }
    name("appAppleId")
    json.append(contentsOf: String(token.appAppleId).utf8)
    name("bundleId")
    json.append(contentsOf: JSONText.quoted(token.bundleId).utf8)
    name("tokenCreationDate")
    json.append(contentsOf: String(token.tokenCreationDate).utf8)
    name("externalPurchaseId")
    json.append(contentsOf: JSONText.quoted(token.externalPurchaseId).utf8)
    if let type = token.tokenType {
      name("tokenType")
      json.append(contentsOf: JSONText.quoted(type.rawValue).utf8)
    }
    if let expiration = token.tokenExpirationDate {
      name("tokenExpirationDate")
      json.append(contentsOf: String(expiration).utf8)
    }
    for extra in token.extraFields {
      name(extra.name)
      json.append(contentsOf: JSONText.serialize(extra.value).utf8)
    }
    json.append(contentsOf: pretty ? Array("\n}".utf8) : [UInt8(ascii: "}")])
    if quirks.contains(.trailingNewline) { json.append(UInt8(ascii: "\n")) }
    return json
  }
}

/// Small JSON writing helpers shared by the encoder and the CLI's JSON output.
public enum JSONText {
  /// `text` as a JSON string literal, escaping what JSON requires.
  public static func quoted(_ text: String) -> String {
    // Ids, bundle ids and type names need no escapes: skip the per-scalar loop for them.
    if !needsEscaping(text) { return "\"" + text + "\"" }
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

  /// Whether `text` holds a character a JSON string literal must escape (quote, backslash, control).
  public static func needsEscaping(_ text: String) -> Bool {
    func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
    if let answer = text.utf8.withContiguousStorageIfAvailable(check) { return answer }
    var copy = text
    return copy.withUTF8(check)
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
