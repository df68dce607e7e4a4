/// A token decoded without making any Swift value that allocates: its JSON stays in a buffer
/// and its strings are byte ranges of it. `epsim decode` copies them straight to its output.
public struct CanonicalTokenView {
  /// The decoded JSON, all ASCII, in the canonical layout: compact, Apple's field order, no
  /// escapes, no extra fields (whitespace may follow the object).
  public let json: UnsafeBufferPointer<UInt8>
  public let appAppleId: Int64
  public let tokenCreationDate: Int64
  public let tokenType: CustomLinkTokenType?
  public let tokenExpirationDate: Int64?
  let layout: CanonicalLayoutReader.Layout

  /// The JSON from its opening brace up to, not including, its closing one: every field of
  /// the token written exactly as `JSONBytes` would write the decoded values, in Apple's order.
  public var fieldsWithoutClosingBrace: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: json[0..<layout.closingBrace])
  }

  /// The bytes of `bundleId`, which are also its JSON string contents (no escapes).
  public var bundleId: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: json[layout.bundleId]) }

  /// The bytes of `externalPurchaseId`, which are also its JSON string contents (no escapes).
  public var externalPurchaseId: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: json[layout.externalPurchaseId])
  }

  /// As `ExternalPurchaseToken.environment`: all ASCII, so a byte prefix is the string prefix.
  public var environment: TokenEnvironment {
    externalPurchaseId.hasLiteral("SANDBOX", at: 0) ? .sandbox : .production
  }

  /// As `ExternalPurchaseToken.kind`.
  public var kind: TokenKind {
    (tokenType != nil || tokenExpirationDate != nil) ? .customLink : .plain
  }
}

extension TokenDecoder {
  /// Decodes a lenient token whose JSON is ASCII in the canonical layout, calls `body` with it
  /// (the view is valid only during the call) and returns true; returns false without calling
  /// `body` for anything else: strict mode, another layout, or any error. The caller then
  /// decodes with `decode(utf8:)`, which decides, so this path never changes a verdict or a
  /// value. Not generic on purpose: called from another module, a generic body cost a runtime
  /// metadata lookup per token.
  public func withCanonicalView(
    utf8 input: UnsafeBufferPointer<UInt8>, _ body: (CanonicalTokenView) -> Void
  ) -> Bool {
    guard mode == .lenient, !input.isEmpty, input.count <= Self.maximumTokenLength else { return false }
    let capacity = Base64URL.decodedCapacity(forTextLength: input.count)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Bool in
      guard let text = try? Base64URL.decode(input, from: 0, to: input.count, into: buffer), text.isASCII
      else { return false }
      let json = UnsafeBufferPointer(rebasing: buffer[0..<text.count])
      guard let layout = CanonicalLayoutReader.scan(json),
        (try? TokenJSONReader.checkCustomLinkFields(
          creation: layout.tokenCreationDate, tokenType: layout.tokenType,
          expiration: layout.tokenExpirationDate)) != nil
      else { return false }
      body(
        CanonicalTokenView(
          json: json, appAppleId: layout.appAppleId, tokenCreationDate: layout.tokenCreationDate,
          tokenType: layout.tokenType, tokenExpirationDate: layout.tokenExpirationDate, layout: layout))
      return true
    }
  }
}
