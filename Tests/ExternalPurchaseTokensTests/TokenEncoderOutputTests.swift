import ExternalPurchaseTokens
import Testing
import TokenCorpus

@Suite("Token encoder output")
struct TokenEncoderOutputTests {
  @Test func prettyJSONIsOneTabIndentedFieldPerLine() {
    var token = SampleTokens.plain
    token.extraFields = [JSONMember(name: "x", value: .array([.number("1"), .null]))]
    #expect(
      TokenEncoder(quirks: [.prettyJSON, .trailingNewline]).json(for: token)
        == "{\n\t\"appAppleId\" : 987654321,\n\t\"bundleId\" : \"de.shop.checkout\",\n"
        + "\t\"tokenCreationDate\" : 1700000000123,\n"
        + "\t\"externalPurchaseId\" : \"7E1F9C2B-3A4D-4B5E-8C6F-0A1B2C3D4E5F\",\n\t\"x\" : [1,null]\n}\n")
  }

  @Test func stringsAreEscapedLikeJSONText() {
    var token = SampleTokens.plain
    let awkward = "a\"b\\c\nd\re\tf\u{0}\u{8}\u{1F}\u{7F}é😀\u{2028}"
    token.bundleId = awkward
    token.extraFields = [JSONMember(name: awkward, value: .string(awkward))]
    let json = TokenEncoder().json(for: token)
    #expect(json.contains(#""bundleId":"# + JSONText.quoted(awkward) + ","))
    #expect(json.hasSuffix("," + JSONText.quoted(awkward) + ":" + JSONText.quoted(awkward) + "}"))
  }

  @Test func integersKeepTheirSignAndAllDigits() {
    var token = SampleTokens.plain
    token.appAppleId = .min
    token.tokenCreationDate = .max
    #expect(TokenEncoder().json(for: token).hasPrefix(#"{"appAppleId":-9223372036854775808,"#))
    #expect(TokenEncoder().json(for: token).contains(#""tokenCreationDate":9223372036854775807,"#))
    token.appAppleId = 0
    #expect(TokenEncoder().json(for: token).hasPrefix(#"{"appAppleId":0,"#))
  }

  @Test func base64URLPaddingForEveryRemainder() {
    #expect(Base64URL.encode([UInt8](), padded: true) == "")
    #expect(Base64URL.encode(Array("fooba".utf8), padded: true) == "Zm9vYmE=")
    #expect(Base64URL.encode(Array("fooba".utf8)) == "Zm9vYmE")
    #expect(Base64URL.encode(Array("foobar".utf8), padded: true) == "Zm9vYmFy")
    #expect(
      Base64URL.encode(Array("foobar".utf8).lazy.map { $0 }) == "Zm9vYmFy", "non-contiguous collections too")
  }
}
