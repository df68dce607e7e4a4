import ExternalPurchaseTokens
import Testing

@testable import FixtureGenerator

@Suite("Generate: byte writing")
struct ByteBufferTests {
  @Test(arguments: [Int64(0), 7, 10, 99, 1_772_323_200_000, -1, -1_234, .max, .min])
  func integersAsDecimal(value: Int64) {
    var buffer = ByteBuffer()
    buffer.append(value)
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
  }

  @Test(arguments: ["plain", "", "quote\"back\\slash", "tab\tnew\nline\u{01}", "é ü 日本"])
  func quotedAsJSON(text: String) {
    var buffer = ByteBuffer()
    buffer.appendQuoted(text)
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == JSONText.quoted(text))
  }

  @Test func fieldsMatchTheCanonicalEncoder() {
    let tokens = [
      ExternalPurchaseToken(
        appAppleId: 1, bundleId: "a\"b", tokenCreationDate: 2, externalPurchaseId: "x", tokenType: .inApp,
        tokenExpirationDate: 3),
      ExternalPurchaseToken(
        appAppleId: 9, bundleId: "b", tokenCreationDate: -4, externalPurchaseId: "SANDBOX_y"),
      ExternalPurchaseToken(
        appAppleId: 5, bundleId: "c", tokenCreationDate: 6, externalPurchaseId: "z",
        extraFields: [JSONMember(name: "future", value: .array([.bool(true), .null, .number("1.5")]))]),
    ]
    for token in tokens {
      var buffer = ByteBuffer()
      JSONLineWriter.writeFields(of: token, to: &buffer)
      #expect(String(decoding: buffer.bytes, as: UTF8.self) == TokenEncoder().json(for: token))
    }
  }
}
