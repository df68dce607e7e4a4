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

  static func read(_ json: UnsafeBufferPointer<UInt8>) -> Outcome? {
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
    guard reader.consumeLiteral("}") else { return nil }
    reader.skipWhitespace()
    guard reader.isAtEnd else { return nil }
    let token = ExternalPurchaseToken(
      appAppleId: appAppleId, bundleId: bundleId, tokenCreationDate: creation,
      externalPurchaseId: externalPurchaseId, tokenType: tokenType, tokenExpirationDate: expiration)
    return Outcome(token: token, whitespaceAfter: reader.firstWhitespace)
  }

  /// An integer as the encoder writes it; `-0` is left to the general reader to flag.
  private static func integer(_ reader: inout JSONByteReader) -> Int64? {
    let start = reader.position
    guard let value = reader.readSmallInteger(), value != 0 || reader.position - start == 1 else {
      return nil
    }
    return value
  }

  private static func string(_ reader: inout JSONByteReader) -> String? {
    guard reader.current == UInt8(ascii: "\""), let token = try? reader.readStringToken(), !token.hasEscapes
    else { return nil }
    return reader.string(from: token)
  }

  private static func tokenType(_ reader: inout JSONByteReader) -> CustomLinkTokenType? {
    guard reader.current == UInt8(ascii: "\""), let token = try? reader.readStringToken(), !token.hasEscapes
    else { return nil }
    return CustomLinkTokenType(utf8: UnsafeBufferPointer(rebasing: reader.bytes[token.start..<token.end]))
  }
}
