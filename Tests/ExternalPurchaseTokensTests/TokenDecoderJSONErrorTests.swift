import ExternalPurchaseTokens
import Testing

@Suite("Token decoder: JSON syntax errors")
struct TokenDecoderJSONErrorTests {
  func syntax(_ json: String) -> (offset: Int, expected: String, found: String)? {
    guard case .jsonSyntax(let offset, let expected, let found) = DecoderTestSupport.reason(json: json) else {
      return nil
    }
    return (offset, expected, found)
  }

  @Test func errorsNameTheOffsetWhatWasExpectedAndWhatWasFound() throws {
    let comma = try #require(syntax(#"{"appAppleId":1,}"#))
    #expect(comma.offset == 16)
    #expect(comma.expected == "a field name in double quotes")
    #expect(comma.found == "'}'")
    let message = TokenDecodingError(
      .jsonSyntax(offset: 16, expected: "a field name in double quotes", found: "'}'"))
    #expect(
      message.description
        == "JSON syntax error at byte 16: expected a field name in double quotes, found '}'.")
  }

  @Test func structureErrors() {
    #expect(syntax(#"{"a" 1}"#)?.offset == 5)
    #expect(syntax(#"{"a" 1}"#)?.expected == "':' after the field name")
    #expect(syntax(#"{"a":1 "b":2}"#)?.expected == "',' or '}'")
    #expect(syntax(#"{"a":1 "b":2}"#)?.offset == 7)
    #expect(syntax(#"{"a":[1 2]}"#)?.expected == "',' or ']'")
    #expect(syntax(#"{"a":}"#)?.expected == "a JSON value")
    #expect(syntax("x")?.expected == "'{' to start the token object")
    #expect(syntax("x")?.found == "'x'")
    #expect(syntax(" ")?.found == "the end of the JSON")
    #expect(syntax(#"{"appAppleId":1"#)?.found == "the end of the JSON")
    // Content after the object is an error even though the object alone is fine.
    #expect(syntax(#"{}x"#)?.expected == "the end of the JSON after the object")
    #expect(syntax(#"{}x"#)?.offset == 2)
  }

  @Test func literalAndNumberErrors() {
    #expect(syntax(#"{"a":tru}"#)?.offset == 8)
    #expect(syntax(#"{"a":tru}"#)?.expected == "'true'")
    #expect(syntax(#"{"a":nul}"#)?.expected == "'null'")
    #expect(syntax(#"{"a":-}"#)?.expected == "a digit")
    #expect(syntax(#"{"a":1.}"#)?.expected == "a digit after '.'")
    #expect(syntax(#"{"a":1e}"#)?.expected == "a digit in the exponent")
    // A leading zero ends the number; the next digit is then out of place.
    #expect(syntax(#"{"a":01}"#)?.offset == 6)
  }

  @Test func stringErrors() {
    #expect(syntax(#"{"a":"x"#)?.expected == "'\"' to close the string")
    #expect(syntax(#"{"a":"\x"}"#)?.offset == 7)
    #expect(syntax(#"{"a":"\u12G4"}"#)?.expected == "four hex digits after '\\u'")
    #expect(syntax(#"{"a":"\udc00"}"#)?.offset == 6)
    #expect(syntax(#"{"a":"\ud800x"}"#)?.offset == 12)
    #expect(syntax("{\"a\":\"\u{1}\"}")?.found == "U+0001")
    #expect(syntax("{\"a\":\"\n\"}")?.offset == 6)
    #expect(syntax(#"{"a":"\"#)?.expected == "an escape character")
  }

  @Test func nestingIsCappedWithoutCrashing() {
    let limit = TokenDecoder.maximumNestingDepth
    // The token object is level 1, so limit - 1 arrays inside it are fine.
    let fine = DecoderTestSupport.baseJSON(
      #","x":"# + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1))
    #expect(DecoderTestSupport.reason(json: fine) == nil)
    let deep = #"{"x":"# + String(repeating: "[", count: 10_000)
    #expect(DecoderTestSupport.reason(json: deep) == .nestingTooDeep(offset: 5 + limit - 1, limit: limit))
    let objects = #"{"x":"# + String(repeating: #"{"y":"#, count: 1_000)
    #expect(
      DecoderTestSupport.reason(json: objects) == .nestingTooDeep(offset: 5 + 5 * (limit - 1), limit: limit))
  }

  @Test func validJSONThatIsNotAnObject() {
    #expect(DecoderTestSupport.reason(json: "[1]") == .topLevelNotObject(found: .array))
    #expect(DecoderTestSupport.reason(json: #" "x" "#) == .topLevelNotObject(found: .string))
    #expect(DecoderTestSupport.reason(json: "12") == .topLevelNotObject(found: .number))
    #expect(DecoderTestSupport.reason(json: "null") == .topLevelNotObject(found: .null))
    #expect(DecoderTestSupport.reason(json: "true\n") == .topLevelNotObject(found: .boolean))
    // A broken non-object is a syntax error, not "not an object".
    #expect(syntax("[1,2")?.offset == 4)
  }
}
