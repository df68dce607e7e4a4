import ExternalPurchaseTokens
import Testing

@Suite("Token decoder: field errors")
struct TokenDecoderFieldErrorTests {
  let reason = DecoderTestSupport.reason(json:mode:)
  let base = DecoderTestSupport.baseJSON

  @Test func missingFieldsAreNamedInApplesOrder() {
    #expect(reason("{}", .lenient) == .missingField("appAppleId"))
    #expect(reason(#"{"appAppleId":1}"#, .lenient) == .missingField("bundleId"))
    #expect(reason(#"{"appAppleId":1,"bundleId":"b"}"#, .lenient) == .missingField("tokenCreationDate"))
    #expect(
      reason(#"{"appAppleId":1,"bundleId":"b","tokenCreationDate":5}"#, .lenient)
        == .missingField("externalPurchaseId"))
    #expect(
      TokenDecodingError(.missingField("bundleId")).description == #"Required field "bundleId" is missing."#)
  }

  @Test func wrongTypesNameFieldExpectedAndFound() {
    #expect(
      reason(#"{"appAppleId":"1"}"#, .lenient)
        == .wrongType(field: "appAppleId", expected: .number, found: .string))
    #expect(
      reason(#"{"appAppleId":1,"bundleId":5}"#, .lenient)
        == .wrongType(field: "bundleId", expected: .string, found: .number))
    #expect(
      reason(base(#","tokenType":null,"tokenExpirationDate":2000"#), .lenient)
        == .wrongType(field: "tokenType", expected: .string, found: .null))
    #expect(
      reason(base(#","tokenType":"SERVICES","tokenExpirationDate":[1]"#), .lenient)
        == .wrongType(field: "tokenExpirationDate", expected: .number, found: .array))
    #expect(
      TokenDecodingError(.wrongType(field: "appAppleId", expected: .number, found: .string)).description
        == #"Field "appAppleId" must be an integer but is a string."#)
  }

  @Test func integersMustFitInt64AndBeWholeNumbers() {
    #expect(
      reason(#"{"appAppleId":9223372036854775808}"#, .lenient)
        == .integerOutOfRange(field: "appAppleId", text: "9223372036854775808"))
    #expect(
      reason(#"{"appAppleId":-9223372036854775809}"#, .lenient)
        == .integerOutOfRange(field: "appAppleId", text: "-9223372036854775809"))
    #expect(
      reason(#"{"appAppleId":1,"bundleId":"b","tokenCreationDate":1.5}"#, .lenient)
        == .nonIntegerNumber(field: "tokenCreationDate", text: "1.5"))
    #expect(reason(#"{"appAppleId":1e3}"#, .lenient) == .nonIntegerNumber(field: "appAppleId", text: "1e3"))
    #expect(reason(#"{"appAppleId":2.0}"#, .lenient) == .nonIntegerNumber(field: "appAppleId", text: "2.0"))
    // -0 is zero: lenient mode accepts it (strict mode flags the spelling).
    #expect(reason(#"{"appAppleId":-0}"#, .lenient) == .missingField("bundleId"))
  }

  @Test func tokenTypeMustBeOneOfTheFour() {
    #expect(
      reason(base(#","tokenType":"services","tokenExpirationDate":2000"#), .lenient)
        == .unknownTokenType("services"))
    #expect(reason(base(#","tokenType":"","tokenExpirationDate":2000"#), .lenient) == .unknownTokenType(""))
    #expect(
      reason(base(#","tokenType":"SERVICE\u0053","tokenExpirationDate":2000"#), .lenient) == nil,
      "escapes that spell a known type are fine in lenient mode")
  }

  @Test func expiryMustFollowCreation() {
    #expect(
      reason(base(#","tokenType":"SERVICES","tokenExpirationDate":1000"#), .lenient)
        == .expirationNotAfterCreation(creation: 1000, expiration: 1000))
    #expect(
      reason(base(#","tokenType":"SERVICES","tokenExpirationDate":999"#), .lenient)
        == .expirationNotAfterCreation(creation: 1000, expiration: 999))
    #expect(reason(base(#","tokenType":"SERVICES","tokenExpirationDate":1001"#), .lenient) == nil)
  }

  @Test func typeAndExpiryComeTogether() {
    #expect(reason(base(#","tokenType":"ACQUISITION""#), .lenient) == .tokenTypeWithoutExpiration)
    #expect(reason(base(#","tokenExpirationDate":5000"#), .lenient) == .expirationWithoutTokenType)
  }

  @Test func duplicateFieldsAreRejectedWithTheSecondOffset() {
    let json = base(#","bundleId":"c""#)
    #expect(reason(json, .lenient) == .duplicateField(name: "bundleId", offset: base("").utf8.count))
    #expect(
      reason(base(#","x":1,"x":2"#), .lenient) == .duplicateField(name: "x", offset: base("").utf8.count + 6))
    // A name written with escapes is still the same name.
    #expect(
      reason(base(#","bundle\u0049d":"c""#), .lenient)
        == .duplicateField(name: "bundleId", offset: base("").utf8.count))
  }

  @Test func problemsAreRankedSyntaxThenFieldThenMissingThenCrossField() {
    // A wrong type early and a syntax error late: the syntax error wins.
    guard case .jsonSyntax = reason(#"{"appAppleId":"x","bundleId":}"#, .lenient) else {
      Issue.record("expected the syntax error to win")
      return
    }
    // The first field problem in source order wins over later ones and over missing fields.
    #expect(
      reason(#"{"bundleId":1,"appAppleId":"x"}"#, .lenient)
        == .wrongType(field: "bundleId", expected: .string, found: .number))
    // A missing field wins over the type/expiry pairing.
    #expect(reason(#"{"appAppleId":1,"tokenType":"IN_APP"}"#, .lenient) == .missingField("bundleId"))
  }
}
