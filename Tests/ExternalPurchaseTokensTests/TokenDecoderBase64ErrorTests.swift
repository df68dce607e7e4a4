import ExternalPurchaseTokens
import Testing

@Suite("Token decoder: input and Base64URL errors")
struct TokenDecoderBase64ErrorTests {
  typealias Reason = TokenDecodingError.Reason
  let reason = DecoderTestSupport.reason(_:mode:)

  @Test func emptyInputIsEmptyAndBlankInputIsABadByte() {
    #expect(reason("", .lenient) == .empty)
    #expect(reason(" \n\t", .lenient) == .invalidBase64Character(offset: 0, character: " "))
    #expect(reason("", .strict) == .empty)
  }

  @Test func oversizedInputIsRejectedBeforeDecoding() {
    let limit = TokenDecoder.maximumTokenLength
    #expect(limit == 16_384)
    #expect(
      reason(String(repeating: "A", count: limit + 1), .lenient)
        == .oversized(length: limit + 1, limit: limit))
    // Multi-byte characters count in UTF-8 bytes.
    #expect(
      reason(String(repeating: "é", count: limit / 2 + 1), .lenient)
        == .oversized(length: limit + 2, limit: limit))
  }

  @Test func invalidCharactersReportOffsetAndCharacter() {
    #expect(reason("eyJ+", .lenient) == .invalidBase64Character(offset: 3, character: "+"))
    #expect(reason("eyJ/AAAA", .lenient) == .invalidBase64Character(offset: 3, character: "/"))
    // Nothing is trimmed: a leading space is the first bad byte.
    #expect(reason("  eyJ+", .lenient) == .invalidBase64Character(offset: 0, character: " "))
    #expect(reason("ey J", .lenient) == .invalidBase64Character(offset: 2, character: " "))
    #expect(reason("eyJé", .lenient) == .invalidBase64Character(offset: 3, character: "é"))
    #expect(reason("eyJhbGciOi😀", .lenient) == .invalidBase64Character(offset: 10, character: "😀"))
    // The first bad character wins over a bad length or bad padding later on.
    #expect(reason("Z+g", .lenient) == .invalidBase64Character(offset: 1, character: "+"))
  }

  @Test func invalidCharacterMessagesExplainTheAlphabet() {
    let plus = TokenDecodingError(.invalidBase64Character(offset: 3, character: "+"))
    #expect(plus.description.contains("'+' at offset 3"))
    #expect(plus.description.contains("'-' and '_'"))
    let space = TokenDecodingError(.invalidBase64Character(offset: 2, character: " "))
    #expect(space.description.contains("U+0020 at offset 2"))
  }

  @Test func aSingleTrailingCharacterIsAnImpossibleLength() {
    #expect(reason("eyJhb", .lenient) == .impossibleBase64Length(length: 5))
    #expect(reason("A", .lenient) == .impossibleBase64Length(length: 1))
    #expect(reason("eyJhb===", .lenient) == .impossibleBase64Length(length: 5))
  }

  @Test func paddingMustEndTheTextAndFitItsLength() {
    #expect(reason("Zg==Zg==", .lenient) == .misplacedPadding(offset: 2))
    #expect(reason("Zg=", .lenient) == .wrongPaddingCount(offset: 2, expected: 2, found: 1))
    #expect(reason("Zg===", .lenient) == .wrongPaddingCount(offset: 2, expected: 2, found: 3))
    #expect(reason("Zm9v=", .lenient) == .wrongPaddingCount(offset: 4, expected: 0, found: 1))
    #expect(reason("=", .lenient) == .wrongPaddingCount(offset: 0, expected: 0, found: 1))
    #expect(
      TokenDecodingError(.wrongPaddingCount(offset: 2, expected: 2, found: 1)).description.contains(
        "offset 2"))
  }

  @Test func decodedBytesMustBeUTF8() {
    let prefix = Array(#"{"a":""#.utf8)
    let suffix = Array(#""}"#.utf8)
    for bad: [UInt8] in [
      [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
    ] {
      #expect(reason(DecoderTestSupport.token(bytes: prefix + bad + suffix), .lenient) == .notUTF8(offset: 6))
    }
    // Well-formed multi-byte text passes the check.
    let fine = prefix + Array("é€😀".utf8) + suffix
    #expect(reason(DecoderTestSupport.token(bytes: fine), .lenient) == .missingField("appAppleId"))
  }
}
