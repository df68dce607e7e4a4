/// The fast path of token decoding: JSON laid out exactly as Apple's samples and the
/// encoder write it (compact, Apple's field order, no escapes, no extra fields).
///
/// It matches the field names as fixed byte strings instead of parsing them. On any
/// surprise it gives up and returns `nil`; the general reader then reads the JSON from
/// the start and reports whatever is wrong, so this path never decides an error.
enum CanonicalLayoutReader {
  /// What the fast path read: the token, before the cross-field checks the general reader
  /// shares, and where whitespace after the object starts (a trailing newline), if anywhere.
  struct Outcome {
    var token: ExternalPurchaseToken
    var whitespaceAfter: Int?
  }

  /// Where the fields sit in the JSON, with the integers read: strings are byte ranges without
  /// escapes, so a caller can copy them out (or make strings of them) as it likes.
  struct Layout {
    var appAppleId: Int64
    var bundleId: Range<Int>
    var tokenCreationDate: Int64
    var externalPurchaseId: Range<Int>
    var tokenType: CustomLinkTokenType?
    var tokenExpirationDate: Int64?
    /// The offset of the object's closing brace.
    var closingBrace: Int
    var whitespaceAfter: Int?
  }

  static func read(_ json: UnsafeBufferPointer<UInt8>) -> Outcome? {
    guard let layout = scan(json) else { return nil }
    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: json[range]), as: UTF8.self)
    }
    let token = ExternalPurchaseToken(
      appAppleId: layout.appAppleId, bundleId: string(layout.bundleId),
      tokenCreationDate: layout.tokenCreationDate,
      externalPurchaseId: string(layout.externalPurchaseId), tokenType: layout.tokenType,
      tokenExpirationDate: layout.tokenExpirationDate)
    return Outcome(token: token, whitespaceAfter: layout.whitespaceAfter)
  }

  /// The layout of `json` if it is canonical (trailing whitespace allowed), else `nil`.
  static func scan(_ json: UnsafeBufferPointer<UInt8>) -> Layout? {
    var reader = JSONByteReader(json)
    guard reader.consumeLiteral(#"{"appAppleId":"#), let appAppleId = integer(&reader),
      reader.consumeLiteral(#","bundleId":"#), let bundleId = string(&reader),
      reader.consumeLiteral(#","tokenCreationDate":"#), let creation = integer(&reader),
      reader.consumeLiteral(#","externalPurchaseId":"#), let externalPurchaseId = string(&reader)
    else { return nil }
    var tokenType: CustomLinkTokenType?
    var expiration: Int64?
    if reader.consumeLiteral(#","tokenType":"#) {
      guard let type = self.tokenType(&reader), reader.consumeLiteral(#","tokenExpirationDate":"#),
        let date = integer(&reader)
      else { return nil }
      tokenType = type
      expiration = date
    }
    let closingBrace = reader.position
    guard reader.consumeLiteral("}") else { return nil }
    reader.skipWhitespace()
    guard reader.isAtEnd else { return nil }
    return Layout(
      appAppleId: appAppleId, bundleId: bundleId, tokenCreationDate: creation,
      externalPurchaseId: externalPurchaseId, tokenType: tokenType, tokenExpirationDate: expiration,
      closingBrace: closingBrace, whitespaceAfter: reader.firstWhitespace)
  }

  /// An integer as the encoder writes it; `-0` is left to the general reader to flag.
  private static func integer(_ reader: inout JSONByteReader) -> Int64? {
    let start = reader.position
    guard let value = reader.readSmallInteger(), value != 0 || reader.position - start == 1 else {
      return nil
    }
    return value
  }

  private static func string(_ reader: inout JSONByteReader) -> Range<Int>? {
    guard reader.current == UInt8(ascii: "\""), let token = try? reader.readStringToken(), !token.hasEscapes
    else { return nil }
    return token.start..<token.end
  }

  private static func tokenType(_ reader: inout JSONByteReader) -> CustomLinkTokenType? {
    guard reader.current == UInt8(ascii: "\""), let token = try? reader.readStringToken(), !token.hasEscapes
    else { return nil }
    return CustomLinkTokenType(utf8: UnsafeBufferPointer(rebasing: reader.bytes[token.start..<token.end]))
  }
}
