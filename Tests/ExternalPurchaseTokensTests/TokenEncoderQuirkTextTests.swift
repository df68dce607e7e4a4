import ExternalPurchaseTokens
import Testing

/// The exact JSON text of each quirk, so a faster encoder cannot drift from Apple's sample shapes.
@Suite("Token encoder quirk text")
struct TokenEncoderQuirkTextTests {
  let token = DecoderTestSupport.sandboxServices

  @Test func prettyJSONIsOneTabIndentedFieldALine() {
    #expect(
      TokenEncoder(quirks: .prettyJSON).json(for: token) == """
        {
        \t"appAppleId" : 1234567890,
        \t"bundleId" : "com.example",
        \t"tokenCreationDate" : 1700000000000,
        \t"externalPurchaseId" : "SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A",
        \t"tokenType" : "SERVICES",
        \t"tokenExpirationDate" : 1700003600000
        }
        """)
  }

  @Test func trailingNewlineFollowsEitherForm() {
    #expect(TokenEncoder(quirks: .trailingNewline).json(for: token) == TokenEncoder().json(for: token) + "\n")
    #expect(
      TokenEncoder(quirks: [.prettyJSON, .trailingNewline]).json(for: token)
        == TokenEncoder(quirks: .prettyJSON).json(for: token) + "\n")
  }

  @Test func paddingOnlyAddsEquals() {
    let padded = TokenEncoder(quirks: .padding).encode(token)
    let plain = TokenEncoder().encode(token)
    #expect(padded.hasPrefix(plain))
    #expect(padded.dropFirst(plain.count).allSatisfy { $0 == "=" })
    #expect(padded.count % 4 == 0)
  }

  @Test func escapesAndExtraFieldsSurviveTheFastPath() {
    var odd = token
    odd.bundleId = "a\"b\\c\nd\u{1}é"
    odd.extraFields = [
      JSONMember(name: "x\"y", value: .object([JSONMember(name: "k", value: .number("1e3"))]))
    ]
    #expect(
      TokenEncoder().json(for: odd)
        == #"{"appAppleId":1234567890,"bundleId":"a\"b\\c\nd\u0001é","tokenCreationDate":1700000000000,"#
        + #""externalPurchaseId":"SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A","tokenType":"SERVICES","#
        + #""tokenExpirationDate":1700003600000,"x\"y":{"k":1e3}}"#)
  }
}
