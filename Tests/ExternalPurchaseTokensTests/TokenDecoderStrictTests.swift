import ExternalPurchaseTokens
import Testing

@Suite("Token decoder: strict mode")
struct TokenDecoderStrictTests {
  let token = DecoderTestSupport.customLink

  func deviation(_ string: String) -> TokenDecodingError.Deviation? {
    guard case .notCanonical(let deviation) = DecoderTestSupport.reason(string, mode: .strict) else {
      return nil
    }
    return deviation
  }

  func deviation(json: String) -> TokenDecodingError.Deviation? {
    deviation(DecoderTestSupport.token(json: json))
  }

  @Test func theCanonicalFormPasses() throws {
    #expect(try TokenDecoder(mode: .strict).decode(TokenEncoder().encode(token)) == token)
    #expect(
      try TokenDecoder(mode: .strict).decode(TokenEncoder().encode(DecoderTestSupport.plain))
        == DecoderTestSupport.plain)
  }

  @Test func eachQuirkIsNamed() {
    let json = TokenEncoder().json(for: token)
    #expect(json.utf8.count % 3 != 0, "the sample needs padding for this test")
    let padded = TokenEncoder(quirks: .padding).encode(token)
    #expect(deviation(padded) == .padding(offset: padded.firstIndex(of: "=")!.utf16Offset(in: padded)))
    #expect(
      deviation(TokenEncoder(quirks: .trailingNewline).encode(token))
        == .whitespaceAfterJSON(offset: json.utf8.count))
    #expect(deviation(TokenEncoder(quirks: .prettyJSON).encode(token)) == .whitespaceInJSON(offset: 1))
    // With several quirks, the outermost is named first.
    let all = TokenEncoder(quirks: .all).encode(token)
    #expect(deviation(all) == .padding(offset: all.firstIndex(of: "=")!.utf16Offset(in: all)))
    #expect(
      TokenDecodingError(.notCanonical(.padding(offset: 8))).description
        == "Not the canonical token form (strict mode): '=' padding at offset 8.")
  }

  @Test func nonZeroUnusedBitsAreNotCanonical() throws {
    let canonical = TokenEncoder().encode(token)
    #expect(canonical.utf8.count % 4 != 0)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    let last = try #require(alphabet.firstIndex(of: canonical.last!))
    let altered = String(canonical.dropLast()) + String(alphabet[last | 1])
    #expect(deviation(altered) == .nonZeroTrailingBits(offset: canonical.utf8.count - 1))
    #expect(try TokenDecoder().decode(altered) == token, "lenient mode ignores the unused bits")
  }

  @Test func extraFieldsAndFieldOrderAreNotCanonical() {
    #expect(deviation(json: DecoderTestSupport.baseJSON(#","x":1"#)) == .extraField(name: "x"))
    #expect(
      deviation(json: #"{"bundleId":"b","appAppleId":1,"tokenCreationDate":1000,"externalPurchaseId":"id"}"#)
        == .fieldOrder(found: "bundleId", expected: "appAppleId"))
    #expect(
      deviation(
        json: DecoderTestSupport.baseJSON().dropLast() + #","tokenExpirationDate":2000,"tokenType":"IN_APP"}"#
      )
        == .fieldOrder(found: "tokenExpirationDate", expected: "tokenType"))
  }

  @Test func escapesAndNumberSpellingsTheEncoderWouldNotWrite() {
    let slash =
      #"{"appAppleId":1,"bundleId":"com\/example","tokenCreationDate":1000,"externalPurchaseId":"id"}"#
    #expect(deviation(json: slash) == .nonCanonicalString(field: "bundleId", offset: 27))
    let key = #"{"appAppleId":1,"bundle\u0049d":"b","tokenCreationDate":1000,"externalPurchaseId":"id"}"#
    #expect(deviation(json: key) == .nonCanonicalString(field: "bundleId", offset: 16))
    let upperHex = #"{"appAppleId":1,"bundleId":"\u001F","tokenCreationDate":1000,"externalPurchaseId":"id"}"#
    #expect(deviation(json: upperHex) == .nonCanonicalString(field: "bundleId", offset: 27))
    let lowerHex =
      #"{"appAppleId":1,"bundleId":"\u001f\n","tokenCreationDate":1000,"externalPurchaseId":"id"}"#
    #expect(
      DecoderTestSupport.reason(json: lowerHex, mode: .strict) == nil, "the encoder writes these escapes")
    let minusZero = #"{"appAppleId":-0,"bundleId":"b","tokenCreationDate":1000,"externalPurchaseId":"id"}"#
    #expect(deviation(json: minusZero) == .nonCanonicalNumber(field: "appAppleId", text: "-0"))
  }

  @Test func realErrorsComeBeforeDeviations() {
    let pretty = "{\n\t\"appAppleId\" : 1\n}"
    #expect(DecoderTestSupport.reason(json: pretty, mode: .strict) == .missingField("bundleId"))
    #expect(
      DecoderTestSupport.reason("Zg=", mode: .strict) == .wrongPaddingCount(offset: 2, expected: 2, found: 1))
  }
}
