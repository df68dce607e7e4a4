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
    // Every minted token comes here: compact JSON goes through a pointer into scratch memory on
    // the stack (`CanonicalTokenJSON`), not through a growing array (issue 26).
    if !quirks.contains(.prettyJSON), let bound = CanonicalTokenJSON.maximumCount(of: token) {
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound + 1) { scratch in
        var cursor = ByteCursor(scratch)
        CanonicalTokenJSON.write(token, to: &cursor)
        if quirks.contains(.trailingNewline) { cursor.write(byte: UInt8(ascii: "\n")) }
        return Base64URL.encode(
          UnsafeBufferPointer(rebasing: scratch[..<cursor.count]), padded: quirks.contains(.padding))
      }
    }
    return Base64URL.encode(jsonBytes(for: token), padded: quirks.contains(.padding))
  }

  /// The JSON text inside the token, with the chosen quirks.
  public func json(for token: ExternalPurchaseToken) -> String {
    String(decoding: jsonBytes(for: token), as: UTF8.self)
  }

  /// The JSON text inside the token as UTF-8, written byte by byte: every simulated token passes
  /// through here, and building it from joined strings cost more than the rest of minting a token.
  public func jsonBytes(for token: ExternalPurchaseToken) -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(256 + token.extraFields.count * 32)
    appendJSON(for: token, to: &json)
    return json
  }

  /// Appends the JSON text inside the token to `json`, for writers that collect many tokens.
  public func appendJSON(for token: ExternalPurchaseToken, to json: inout [UInt8]) {
    let pretty = quirks.contains(.prettyJSON)
    // Compact JSON (nearly every token) appends each member's opening as one literal; a local
    // function capturing `json` here was not inlined and cost a fifth of the encoding.
    Self.beginMember(compact: #"{"appAppleId":"#, pretty: #"{\#n\#t"appAppleId" : "#, pretty, to: &json)
    JSONBytes.appendInteger(token.appAppleId, to: &json)
    Self.beginMember(compact: #","bundleId":"#, pretty: #",\#n\#t"bundleId" : "#, pretty, to: &json)
    JSONBytes.appendQuoted(token.bundleId, to: &json)
    Self.beginMember(
      compact: #","tokenCreationDate":"#, pretty: #",\#n\#t"tokenCreationDate" : "#, pretty, to: &json)
    JSONBytes.appendInteger(token.tokenCreationDate, to: &json)
    Self.beginMember(
      compact: #","externalPurchaseId":"#, pretty: #",\#n\#t"externalPurchaseId" : "#, pretty, to: &json)
    JSONBytes.appendQuoted(token.externalPurchaseId, to: &json)
    if let type = token.tokenType {
      Self.beginMember(compact: #","tokenType":"#, pretty: #",\#n\#t"tokenType" : "#, pretty, to: &json)
      JSONBytes.appendQuoted(type.rawValue, to: &json)
    }
    if let expiration = token.tokenExpirationDate {
      Self.beginMember(
        compact: #","tokenExpirationDate":"#, pretty: #",\#n\#t"tokenExpirationDate" : "#, pretty, to: &json)
      JSONBytes.appendInteger(expiration, to: &json)
    }
    for extra in token.extraFields {
      JSONBytes.appendLiteral(pretty ? ",\n\t" : ",", to: &json)
      JSONBytes.appendQuoted(extra.name, to: &json)
      JSONBytes.appendLiteral(pretty ? " : " : ":", to: &json)
      JSONBytes.appendUTF8(JSONText.serialize(extra.value), to: &json)
    }
    JSONBytes.appendLiteral(pretty ? "\n}" : "}", to: &json)
    if quirks.contains(.trailingNewline) { json.append(UInt8(ascii: "\n")) }
  }

  /// A member's opening (separator, quoted name, colon) in the compact or the pretty layout.
  @inline(__always)
  private static func beginMember(
    compact: StaticString, pretty prettyText: StaticString, _ pretty: Bool, to json: inout [UInt8]
  ) {
    JSONBytes.appendLiteral(pretty ? prettyText : compact, to: &json)
  }
}

/// Small JSON writing helpers shared by the encoder and the CLI's JSON output.
public enum JSONText {
  /// `text` as a JSON string literal, escaping what JSON requires.
  public static func quoted(_ text: String) -> String {
    // Ids, bundle ids and type names need no escapes: skip the byte loop for them.
    if !needsEscaping(text) { return "\"" + text + "\"" }
    var bytes: [UInt8] = []
    JSONBytes.appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `text` holds a character a JSON string literal must escape (quote, backslash, control).
  public static func needsEscaping(_ text: String) -> Bool {
    func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard let base = bytes.baseAddress else { return false }
      // Eight bytes at a time (every minted token's ids pass here, issue 26): a word has a byte
      // below 0x20, or equal to `"` or `\`, exactly when these classic bit tests say so.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      var index = 0
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let below = (word &- ones &* 0x20) & ~word
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        if (below | isQuote | isBackslash) & highs != 0 { return true }
        index += 8
      }
      while index < bytes.count {
        let byte = base[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        index += 1
      }
      return false
    }
    if let answer = text.utf8.withContiguousStorageIfAvailable(check) { return answer }
    var copy = text
    return copy.withUTF8(check)
  }

  /// Compact JSON text of `value`.
  public static func serialize(_ value: JSONValue) -> String {
    // One writer of compact JSON: the byte writer that `decode --json` appends with.
    var bytes: [UInt8] = []
    JSONBytes.appendJSON(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
