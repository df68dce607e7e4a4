import ExternalPurchaseTokens
import Testing

@Suite("Token encoder")
struct TokenEncoderTests {
  let token = DecoderTestSupport.sandboxServices

  @Test func compactJSONFollowsApplesFieldOrder() {
    #expect(
      TokenEncoder().json(for: token)
        == #"{"appAppleId":1234567890,"bundleId":"com.example","tokenCreationDate":1700000000000,"#
        + #""externalPurchaseId":"SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A","tokenType":"SERVICES","#
        + #""tokenExpirationDate":1700003600000}"#)
  }

  @Test func canonicalFormIsUnpaddedURLAlphabet() {
    let encoded = TokenEncoder().encode(token)
    #expect(!encoded.contains("="))
    #expect(!encoded.contains("+") && !encoded.contains("/"))
  }

  @Test func base64URLMatchesRFC4648Vectors() {
    #expect(Base64URL.encode(Array("f".utf8), padded: true) == "Zg==")
    #expect(Base64URL.encode(Array("fo".utf8), padded: true) == "Zm8=")
    #expect(Base64URL.encode(Array("foo".utf8)) == "Zm9v")
    #expect(Base64URL.encode(Array("foob".utf8)) == "Zm9vYg")
    #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
  }

  @Test func environmentAndKindComeFromTheFields() {
    #expect(token.environment == .sandbox)
    #expect(token.kind == .customLink)
    var plain = token
    plain.tokenType = nil
    plain.tokenExpirationDate = nil
    plain.externalPurchaseId = "0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A"
    #expect(plain.environment == .production)
    #expect(plain.kind == .plain)
  }

  @Test func activeIsHalfOpen() {
    #expect(!token.isActive(at: 1_699_999_999_999))
    #expect(token.isActive(at: 1_700_000_000_000))
    #expect(token.isActive(at: 1_700_003_599_999))
    #expect(!token.isActive(at: 1_700_003_600_000))
  }
}
