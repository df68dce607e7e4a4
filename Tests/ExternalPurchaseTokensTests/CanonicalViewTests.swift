import ExternalPurchaseTokens
import Foundation
import Testing
import TokenCorpus

/// `withCanonicalView` decodes canonical tokens in place for `epsim decode`; it must see exactly
/// what `decode` sees, and hand every other input back (false) so the full decoder decides.
@Suite("Tokens decoded in place agree with the decoder")
struct CanonicalViewTests {
  /// The view's values, as a token, to compare with the decoder's.
  static func token(of view: CanonicalTokenView) -> ExternalPurchaseToken {
    ExternalPurchaseToken(
      appAppleId: view.appAppleId, bundleId: String(decoding: view.bundleId, as: UTF8.self),
      tokenCreationDate: view.tokenCreationDate,
      externalPurchaseId: String(decoding: view.externalPurchaseId, as: UTF8.self), tokenType: view.tokenType,
      tokenExpirationDate: view.tokenExpirationDate)
  }

  static func view(_ text: String, mode: TokenDecoder.Mode = .lenient) -> (
    token: ExternalPurchaseToken, fields: String, environment: TokenEnvironment, kind: TokenKind
  )? {
    var seen: (ExternalPurchaseToken, String, TokenEnvironment, TokenKind)?
    let viewed = Array(text.utf8).withUnsafeBufferPointer { bytes in
      TokenDecoder(mode: mode).withCanonicalView(utf8: bytes) { view in
        seen = (
          token(of: view), String(decoding: view.fieldsWithoutClosingBrace, as: UTF8.self), view.environment,
          view.kind
        )
      }
    }
    #expect(viewed == (seen != nil), "true exactly when the body ran")
    return seen
  }

  @Test func corpusTokensMatchTheDecoder() throws {
    var viewed = 0
    for entry in TokenCorpus(count: 1_000, seed: 17).entries {
      let decoded = try TokenDecoder().decode(entry.string)
      guard let seen = Self.view(entry.string) else {
        // Only pretty JSON leaves the canonical layout; padding and a trailing newline do not.
        #expect(entry.quirks.contains(.prettyJSON), "a canonical token was handed back")
        continue
      }
      viewed += 1
      #expect(seen.token == decoded)
      #expect(seen.environment == decoded.environment)
      #expect(seen.kind == decoded.kind)
      // The fields are the canonical JSON without its closing brace, as the encoder writes them.
      #expect(seen.fields + "}" == Self.canonicalJSON(decoded))
    }
    #expect(viewed > 500)
  }

  @Test func everythingElseIsHandedBack() {
    let canonical = TokenEncoder().encode(SampleTokens.customLink)
    #expect(Self.view(canonical) != nil)
    #expect(Self.view(canonical, mode: .strict) == nil, "strict mode always takes the full decoder")
    #expect(Self.view("") == nil)
    #expect(Self.view(canonical + "!") == nil, "not Base64URL")
    #expect(Self.view(String(canonical.dropLast(3))) == nil, "cut short")
    // Expiration before creation: canonical layout, but the decoder refuses it.
    var backwards = SampleTokens.customLink
    backwards.tokenExpirationDate = backwards.tokenCreationDate - 1
    #expect(Self.view(TokenEncoder().encode(backwards)) == nil)
    // An extra field or a non-ASCII bundle id leaves the fast path too.
    var extra = SampleTokens.plain
    extra.extraFields = [JSONMember(name: "x", value: .number("1"))]
    #expect(Self.view(TokenEncoder().encode(extra)) == nil)
    var accented = SampleTokens.plain
    accented.bundleId = "com.exemple.café"
    #expect(Self.view(TokenEncoder().encode(accented)) == nil)
  }

  /// The JSON inside the encoder's canonical token, read back with Foundation's Base64.
  static func canonicalJSON(_ token: ExternalPurchaseToken) -> String {
    var base64 = TokenEncoder().encode(token).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }
    while base64.count % 4 != 0 { base64.append("=") }
    return String(decoding: Data(base64Encoded: String(base64)) ?? Data(), as: UTF8.self)
  }
}
