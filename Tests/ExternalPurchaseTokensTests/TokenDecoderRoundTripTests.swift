import ExternalPurchaseTokens
import Testing
import TokenCorpus

@Suite("Token decoder round trips")
struct TokenDecoderRoundTripTests {
  static let quirkCombinations: [TokenEncoder.Quirks] = (0..<8).map { TokenEncoder.Quirks(rawValue: $0) }
  static let samples = [DecoderTestSupport.customLink, DecoderTestSupport.plain]

  @Test(arguments: quirkCombinations, samples)
  func everyQuirkCombinationDecodesLeniently(quirks: TokenEncoder.Quirks, token: ExternalPurchaseToken) throws
  {
    let string = TokenEncoder(quirks: quirks).encode(token)
    #expect(try TokenDecoder().decode(string) == token)
  }

  @Test(arguments: samples)
  func canonicalFormDecodesStrictly(token: ExternalPurchaseToken) throws {
    #expect(try TokenDecoder(mode: .strict).decode(TokenEncoder().encode(token)) == token)
  }

  @Test func seededCorpusRoundTrips() throws {
    let corpus = TokenCorpus(count: 2_000, seed: 7)
    for entry in corpus.entries {
      let decoded = try TokenDecoder().decode(entry.string)
      #expect(decoded == entry.token)
      #expect(TokenEncoder().encode(decoded) == TokenEncoder().encode(entry.token))
      if entry.quirks.isEmpty { #expect(try TokenDecoder(mode: .strict).decode(entry.string) == entry.token) }
    }
  }

  @Test func extraFieldsKeepOrderAndExactValues() throws {
    let json = DecoderTestSupport.baseJSON(
      #","z":1.50,"big":123456789012345678901234567890,"neg":-0.0e+5,"#
        + #""list":[true,false,null,"s\n\u00e9\ud83d\ude00",{"k":[]}],"obj":{"a":{}},"a":"\/""#)
    let token = try TokenDecoder().decode(DecoderTestSupport.token(json: json))
    #expect(token.extraFields.map(\.name) == ["z", "big", "neg", "list", "obj", "a"])
    #expect(token.extraFields[0].value == .number("1.50"))
    #expect(token.extraFields[1].value == .number("123456789012345678901234567890"))
    #expect(token.extraFields[2].value == .number("-0.0e+5"))
    #expect(
      token.extraFields[3].value
        == .array([
          .bool(true), .bool(false), .null, .string("s\né😀"),
          .object([JSONMember(name: "k", value: .array([]))]),
        ]))
    #expect(token.extraFields[4].value == .object([JSONMember(name: "a", value: .object([]))]))
    #expect(token.extraFields[5].value == .string("/"))
    // Writing the token again and reading it back keeps everything.
    for quirks in Self.quirkCombinations {
      #expect(try TokenDecoder().decode(TokenEncoder(quirks: quirks).encode(token)) == token)
    }
  }

  @Test func extraFieldsMayComeBetweenKnownFields() throws {
    let json =
      #"{"new":1,"appAppleId":1,"bundleId":"b","x":"y","tokenCreationDate":1000,"#
      + #""externalPurchaseId":"id","tokenType":"IN_APP","tokenExpirationDate":2000}"#
    let token = try TokenDecoder().decode(DecoderTestSupport.token(json: json))
    #expect(token.extraFields.map(\.name) == ["new", "x"])
    #expect(token.tokenType == .inApp && token.tokenExpirationDate == 2000)
  }

  @Test func everyTokenTypeRoundTrips() throws {
    for type in CustomLinkTokenType.allCases {
      var token = DecoderTestSupport.customLink
      token.tokenType = type
      #expect(try TokenDecoder(mode: .strict).decode(TokenEncoder().encode(token)).tokenType == type)
    }
  }

  @Test func integersUseTheWholeInt64Range() throws {
    // Beyond 2^53 a double would round; the decoder reads digits exactly.
    let values: [Int64] = [9_007_199_254_740_993, .max, .min, -1, 0]
    for value in values {
      var token = DecoderTestSupport.customLink
      token.appAppleId = value
      token.tokenCreationDate = value == .max ? value - 1 : value
      token.tokenExpirationDate = value == .max ? value : value + 1
      for mode in [TokenDecoder.Mode.lenient, .strict] {
        #expect(try TokenDecoder(mode: mode).decode(TokenEncoder().encode(token)) == token)
      }
    }
  }

  @Test func nonASCIIAndEscapedStringsRoundTrip() throws {
    var token = DecoderTestSupport.plain
    token.bundleId = "jp.例え.アプリ \"quoted\" back\\slash\ttab\u{1}"
    for quirks in Self.quirkCombinations {
      #expect(try TokenDecoder().decode(TokenEncoder(quirks: quirks).encode(token)) == token)
    }
    #expect(try TokenDecoder(mode: .strict).decode(TokenEncoder().encode(token)) == token)
  }

  @Test func surroundingWhitespaceIsABadByteEvenLeniently() {
    let canonical = TokenEncoder().encode(DecoderTestSupport.plain)
    for (string, offset) in [(" " + canonical, 0), (canonical + "\r\n", canonical.utf8.count)] {
      #expect(throws: TokenDecodingError.self) { try TokenDecoder().decode(string) }
      do {
        _ = try TokenDecoder().decode(string)
      } catch {
        #expect(error.description.contains("offset \(offset)"), "\(error)")
      }
    }
  }
}
