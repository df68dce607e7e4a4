/// The compact JSON of a token written through a `ByteCursor`: the fast form of
/// `TokenEncoder.appendJSON` for the tokens the engine mints by the million.
/// Its fields and their order are the declared ones (`TokenField`, decision 0157).
///
/// It covers compact JSON of a token without extra fields whose strings need no escaping: every
/// token a simulation mints. Anything else (pretty JSON, extra fields, escapes) is nil from
/// `maximumCount`, and callers use `TokenEncoder.appendJSON`, whose output this matches byte for
/// byte (CanonicalTokenJSONTests compares them on many tokens).
public enum CanonicalTokenJSON {
  /// An upper bound of the bytes `write` produces for `token`, or nil when `token` needs the
  /// general encoder.
  @inline(__always)
  public static func maximumCount(of token: ExternalPurchaseToken) -> Int? {
    guard token.extraFields.isEmpty, !JSONText.needsEscaping(token.bundleId),
      !JSONText.needsEscaping(token.externalPurchaseId)
    else { return nil }
    // The member names and punctuation take 106 bytes, the type at most 11 and three integers
    // at most 20 each: 256 leaves room.
    return 256 + token.bundleId.utf8.count + token.externalPurchaseId.utf8.count
  }

  /// Writes the token's compact JSON; `token` must have passed `maximumCount`.
  public static func write(_ token: ExternalPurchaseToken, to cursor: inout ByteCursor) {
    writeHead(appAppleId: token.appAppleId, bundleId: token.bundleId, to: &cursor)
    writeTail(of: token, to: &cursor)
  }

  /// The start of the compact JSON of every token of one app: the same bytes for each, so a bulk
  /// writer makes them, and their Base64URL, once (issue 26).
  public struct Head: Sendable {
    public let appAppleId: Int64
    public let bundleId: String
    /// `{"appAppleId":…,"bundleId":"…","tokenCreationDate":`, as `write` writes it.
    public let bytes: [UInt8]

    /// Nil when the bundle id needs escaping: such tokens take the general encoder.
    public init?(appAppleId: Int64, bundleId: String) {
      guard !JSONText.needsEscaping(bundleId) else { return nil }
      self.appAppleId = appAppleId
      self.bundleId = bundleId
      var bytes = [UInt8](repeating: 0, count: 128 + bundleId.utf8.count)
      let count = bytes.withUnsafeMutableBufferPointer { memory in
        var cursor = ByteCursor(memory)
        writeHead(appAppleId: appAppleId, bundleId: bundleId, to: &cursor)
        return cursor.count
      }
      self.bytes = Array(bytes[..<count])
    }

    /// Whether `token`'s compact JSON starts with these bytes.
    @inline(__always)
    public func heads(_ token: ExternalPurchaseToken) -> Bool {
      token.appAppleId == appAppleId && token.bundleId == bundleId
    }
  }

  /// `maximumCount` for a token that `head` heads: its bundle id is known to need no escapes.
  @inline(__always)
  public static func maximumCount(of token: ExternalPurchaseToken, after head: Head) -> Int? {
    guard token.extraFields.isEmpty, !JSONText.needsEscaping(token.externalPurchaseId) else { return nil }
    return 256 + head.bytes.count + token.externalPurchaseId.utf8.count
  }

  /// `write` for a token that `head` heads and that passed `maximumCount(of:after:)`.
  public static func write(_ token: ExternalPurchaseToken, after head: Head, to cursor: inout ByteCursor) {
    head.bytes.withUnsafeBufferPointer { cursor.write($0) }
    writeTail(of: token, to: &cursor)
  }

  private static func writeHead(appAppleId: Int64, bundleId: String, to cursor: inout ByteCursor) {
    cursor.write(#"{"appAppleId":"#)
    cursor.write(decimal: appAppleId)
    cursor.write(#","bundleId":""#)
    cursor.write(string: bundleId)
    cursor.write(#"","tokenCreationDate":"#)
  }

  private static func writeTail(of token: ExternalPurchaseToken, to cursor: inout ByteCursor) {
    cursor.write(decimal: token.tokenCreationDate)
    cursor.write(#","externalPurchaseId":""#)
    cursor.write(string: token.externalPurchaseId)
    cursor.write(byte: UInt8(ascii: "\""))
    if let type = token.tokenType {
      cursor.write(#","tokenType":""#)
      cursor.write(type.quotedTail)
    }
    if let expiration = token.tokenExpirationDate {
      cursor.write(#","tokenExpirationDate":"#)
      cursor.write(decimal: expiration)
    }
    cursor.write(byte: UInt8(ascii: "}"))
  }
}

extension CustomLinkTokenType {
  /// The raw value and its closing quote, as a literal: no string is read to write it.
  var quotedTail: StaticString {
    switch self {
    case .acquisition: return #"ACQUISITION""#
    case .services: return #"SERVICES""#
    case .inApp: return #"IN_APP""#
    case .linkOut: return #"LINK_OUT""#
    }
  }
}
