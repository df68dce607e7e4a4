import Foundation
import Testing

@testable import ExternalPurchaseReports

@Suite("Report JSON parser")
struct LooseJSONParserTests {
  private func parse(_ text: String) -> LooseJSON? { LooseJSON.parse(Data(text.utf8)) }

  @Test func readsEveryKindOfValue() {
    #expect(
      parse(#" {"a": [1, -2.5, 1e3, true, false, null, "x"], "b": {}} "#)
        == .object([
          "a": .array([
            .integer(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null, .string("x"),
          ]),
          "b": .object([:]),
        ]))
    #expect(parse("9223372036854775807") == .integer(.max))
    #expect(parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
    #expect(parse("[]") == .array([]))
  }

  @Test func decodesEscapes() {
    #expect(parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\n\té😀"))
    #expect(parse(#""plain é""#) == .string("plain é"))
  }

  @Test func rejectsWhatIsNotJSON() {
    for text in [
      "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"open", "\"\u{01}\"", #""\x""#, #""\ud83d""#,
      "{} {}", "[1] x", "{\"a\":1,}", "NaN",
      String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ] {
      #expect(parse(text) == nil, "\(text.debugDescription)")
    }
    let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(parse(deep) != nil, "64 levels are allowed")
    #expect(LooseJSON.parse(Data([0x22, 0xFF, 0x22])) == nil, "invalid UTF-8 in a string")
  }
}
