import ExternalPurchaseTokens
import Testing

/// Tokens shaped like the samples in Apple's documentation, which disagree with each other
/// (SPEC 1): padded or not, a trailing newline or not, compact or pretty JSON with tabs.
/// The JSON texts are written here by hand in those shapes.
@Suite("Apple sample token shapes")
struct AppleSampleShapeTests {
  static let compactCustom =
    #"{"appAppleId":6444444444,"bundleId":"com.example.shops","tokenCreationDate":1730000000000,"#
    + #""externalPurchaseId":"SANDBOX_5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0","tokenType":"SERVICES","#
    + #""tokenExpirationDate":1730003600000}"#
  static let prettyPlain =
    "{\n\t\"appAppleId\": 6444444444,\n\t\"bundleId\": \"com.example.shop\",\n"
    + "\t\"tokenCreationDate\": 1730000000000,\n\t\"externalPurchaseId\": \"5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0\"\n}\n"

  let expectedCustom = ExternalPurchaseToken(
    appAppleId: 6_444_444_444, bundleId: "com.example.shops", tokenCreationDate: 1_730_000_000_000,
    externalPurchaseId: "SANDBOX_5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0", tokenType: .services,
    tokenExpirationDate: 1_730_003_600_000)
  let expectedPlain = ExternalPurchaseToken(
    appAppleId: 6_444_444_444, bundleId: "com.example.shop", tokenCreationDate: 1_730_000_000_000,
    externalPurchaseId: "5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0")

  @Test(arguments: [false, true])
  func compactJSONPaddedOrNot(padded: Bool) throws {
    #expect(Self.compactCustom.utf8.count % 3 != 0, "the sample needs padding for this test")
    let string = DecoderTestSupport.token(json: Self.compactCustom, padded: padded)
    #expect(string.hasSuffix("=") == padded)
    let decoded = try TokenDecoder().decode(string)
    #expect(decoded == expectedCustom)
    #expect(decoded.environment == .sandbox && decoded.kind == .customLink)
  }

  @Test func compactJSONWithTrailingNewline() throws {
    #expect(
      try TokenDecoder().decode(DecoderTestSupport.token(json: Self.compactCustom + "\n")) == expectedCustom)
  }

  @Test(arguments: [false, true])
  func prettyJSONWithTabsAndTrailingNewline(padded: Bool) throws {
    let decoded = try TokenDecoder().decode(DecoderTestSupport.token(json: Self.prettyPlain, padded: padded))
    #expect(decoded == expectedPlain)
    #expect(decoded.environment == .production && decoded.kind == .plain)
  }

  @Test func windowsLineEndingsAndSpacesAreWhitespaceToo() throws {
    let crlf = Self.prettyPlain.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.replacing("\t", with: "    ") }.joined(separator: "\r\n")
    #expect(try TokenDecoder().decode(DecoderTestSupport.token(json: crlf)) == expectedPlain)
  }

  @Test func onlyTheCanonicalShapePassesStrictMode() {
    #expect(
      DecoderTestSupport.reason(DecoderTestSupport.token(json: Self.compactCustom), mode: .strict) == nil)
    #expect(DecoderTestSupport.reason(DecoderTestSupport.token(json: Self.prettyPlain), mode: .strict) != nil)
  }
}
