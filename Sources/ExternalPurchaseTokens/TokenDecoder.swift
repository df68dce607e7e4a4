/// Turns a token string back into an `ExternalPurchaseToken`, or says exactly what is wrong.
///
/// Lenient mode (the default) accepts every shape Apple's own samples take:
/// padded or unpadded Base64URL, compact or pretty JSON, a trailing newline,
/// and fields it does not know (kept in
/// `extraFields`). Strict mode accepts only the canonical form, the exact text
/// `TokenEncoder()` writes, and names the first deviation. See docs/decoding.md.
public struct TokenDecoder: Sendable {
  /// How much variation from the canonical form to accept.
  public enum Mode: Sendable, Hashable {
    /// Accept every form Apple's samples show, and unknown fields.
    case lenient
    /// Accept only what re-encodes byte for byte with `TokenEncoder()`.
    case strict
  }

  public var mode: Mode

  public init(mode: Mode = .lenient) {
    self.mode = mode
  }

  /// The longest token string accepted, in UTF-8 bytes: 16 KiB.
  ///
  /// Real tokens are 200 to 400 bytes; the limit leaves room for many extra fields
  /// while bounding the work and memory one hostile input can cost.
  public static let maximumTokenLength = 16 * 1024

  /// How deeply arrays and objects may nest inside a token (the token object is level 1).
  public static let maximumNestingDepth = JSONByteReader.maximumDepth

  /// Decodes one token string.
  public func decode(_ token: String) throws(TokenDecodingError) -> ExternalPurchaseToken {
    let strict = mode == .strict
    let contiguous = token.utf8.withContiguousStorageIfAvailable { bytes in
      Result { () throws(TokenDecodingError) in try Self.decode(utf8: bytes, strict: strict) }
    }
    if let contiguous { return try contiguous.get() }
    return try Array(token.utf8).withUnsafeBufferPointer { bytes throws(TokenDecodingError) in
      try Self.decode(utf8: bytes, strict: strict)
    }
  }

  /// Decodes one token from its UTF-8 bytes, exactly as `decode(_:)` decodes that string:
  /// for callers that read tokens as bytes and need no string per token.
  public func decode(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(TokenDecodingError)
    -> ExternalPurchaseToken
  {
    try Self.decode(utf8: bytes, strict: mode == .strict)
  }

  private static func decode(
    utf8 input: UnsafeBufferPointer<UInt8>, strict: Bool
  ) throws(TokenDecodingError) -> ExternalPurchaseToken {
    if input.count > maximumTokenLength {
      throw TokenDecodingError(.oversized(length: input.count, limit: maximumTokenLength))
    }
    // Whitespace around the token is not trimmed: Apple never sends it, and the crafted table
    // tells backends to reject it, so it fails as a bad Base64URL byte. `epsim decode` trims
    // the lines it reads before they get here.
    if input.isEmpty { throw TokenDecodingError(.empty) }

    let capacity = Base64URL.decodedCapacity(forTextLength: input.count)
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) {
      buffer throws(TokenDecodingError) in
      let text = try Base64URL.decode(input, from: 0, to: input.count, into: buffer)
      let json = UnsafeBufferPointer(rebasing: buffer[0..<text.count])
      if !text.isASCII, let bad = UTF8Validation.firstInvalidOffset(in: json) {
        throw TokenDecodingError(.notUTF8(offset: bad))
      }
      let token: ExternalPurchaseToken
      let jsonDeviation: TokenDecodingError.Deviation?
      if let fast = CanonicalLayoutReader.read(json) {
        token = fast.token
        try TokenJSONReader.checkCustomLinkFields(
          creation: token.tokenCreationDate, tokenType: token.tokenType, expiration: token.tokenExpirationDate
        )
        jsonDeviation = fast.whitespaceAfter.map { .whitespaceAfterJSON(offset: $0) }
      } else {
        var reader = TokenJSONReader(json, strict: strict)
        token = try reader.read()
        jsonDeviation = reader.deviation
      }
      if strict,
        let deviation = outerDeviation(text) ?? jsonDeviation
          ?? reencodingDeviation(of: token, input: input)
      {
        throw TokenDecodingError(.notCanonical(deviation))
      }
      return token
    }
  }

  /// Deviations of the Base64URL layer, which come before any inside the JSON.
  private static func outerDeviation(
    _ text: Base64URL.DecodedText
  ) -> TokenDecodingError.Deviation? {
    if let offset = text.paddingOffset { return .padding(offset: offset) }
    if let offset = text.nonZeroTrailingBitsOffset { return .nonZeroTrailingBits(offset: offset) }
    return nil
  }

  /// The safety net of strict mode: any difference the specific checks did not name.
  private static func reencodingDeviation(
    of token: ExternalPurchaseToken, input: UnsafeBufferPointer<UInt8>
  ) -> TokenDecodingError.Deviation? {
    let canonical = Array(TokenEncoder().encode(token).utf8)
    let common = min(canonical.count, input.count)
    if let offset = (0..<common).first(where: { canonical[$0] != input[$0] }) {
      return .notByteIdentical(offset: offset)
    }
    return canonical.count == input.count ? nil : .notByteIdentical(offset: common)
  }
}
