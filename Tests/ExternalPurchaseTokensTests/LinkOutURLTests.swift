import ExternalPurchaseTokens
import Testing

@Suite("Link-out URL token extraction")
struct LinkOutURLTests {
  let token = TokenEncoder().encode(DecoderTestSupport.plain)

  @Test func findsTheTokenAmongOtherParameters() {
    #expect(
      LinkOutURL.token(in: "https://shop.example/buy?externalPurchaseToken=\(token)&bundleId=com.x") == token)
    #expect(
      LinkOutURL.token(in: "https://shop.example/buy?bundleId=com.x&externalPurchaseToken=\(token)") == token)
    #expect(LinkOutURL.token(in: "https://shop.example/buy?a=1&externalPurchaseToken=\(token)#frag") == token)
  }

  @Test func percentEscapesAreDecoded() {
    let padded = TokenEncoder(quirks: .padding).encode(DecoderTestSupport.customLink)
    let escaped = padded.replacing("=", with: "%3D")
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=\(escaped)") == padded)
    #expect(LinkOutURL.token(in: "https://x.example/?external%50urchaseToken=abc") == "abc")
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=a+b") == "a+b", "+ is not a space")
  }

  @Test func missingOrMalformedGivesNil() {
    #expect(LinkOutURL.token(in: "https://x.example/buy") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/buy?bundleId=com.x") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/buy#externalPurchaseToken=abc") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=%G1") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=%4") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=%FF") == nil)
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseTokens=abc") == nil)
  }

  @Test func anEmptyValueIsReturnedAsEmpty() {
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=") == "")
    #expect(LinkOutURL.token(in: "https://x.example/?externalPurchaseToken&b=1") == "")
  }

  @Test func theFirstOccurrenceWins() {
    #expect(
      LinkOutURL.token(in: "https://x.example/?externalPurchaseToken=one&externalPurchaseToken=two") == "one")
  }
}
