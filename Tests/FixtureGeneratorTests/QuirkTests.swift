import ExternalPurchaseTokens
import FixtureGenerator
import Foundation
import Testing

@Suite("Generate: Apple's quirks")
struct QuirkTests {
  @Test func quirksAreFlaggedExactlyWhenTheyShow() throws {
    let lines = try TestRuns.lines(GenerateOptions(customers: 250, seed: 31, quirks: true))
    var quirky = 0
    var seen = Set<String>()
    for line in lines {
      let object = try FoundationTokenDecoding.object(ofLine: line)
      let names = try #require(object["quirks"] as? [String])
      let raw = try #require(object["token"] as? String)
      let json = String(decoding: try FoundationTokenDecoding.jsonData(ofToken: raw), as: UTF8.self)
      seen.formUnion(names)
      #expect(names.contains("padding") == raw.hasSuffix("="), "\(raw)")
      #expect(names.contains("trailing-newline") == json.hasSuffix("\n"), "\(json)")
      #expect(names.contains("pretty-json") == json.hasPrefix("{\n\t"), "\(json)")
      #expect(names == QuirkNames.ordered.map(\.name).filter(names.contains), "fixed order")
      let decoded = try #require(object["decoded"] as? [String: Any])
      let canonical = try JSONSerialization.data(withJSONObject: decoded)
      #expect(
        (try FoundationTokenDecoding.fields(ofJSON: canonical))
          == (try FoundationTokenDecoding.decodedFields(ofToken: raw)), "same fields whatever the encoding")
      if !names.isEmpty { quirky += 1 }
    }
    #expect(seen == ["padding", "trailing-newline", "pretty-json"])
    let share = Double(quirky) / Double(lines.count)
    #expect(share > 0.1 && share < 0.35, "about a quarter minus invisible padding: \(share)")
  }

  @Test func canonicalTokensCarryNoQuirksAndQuirkyOnesDiffer() throws {
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 8, quirks: true))
    for number in 1...80 {
      for item in try generator.tokens(ofCustomer: number) {
        let canonical = TokenEncoder().encode(item.token)
        #expect((item.raw == canonical) == item.quirks.isEmpty)
      }
    }
  }

  @Test func withoutTheFlagThereIsNoQuirksKey() throws {
    let lines = try TestRuns.lines(GenerateOptions(customers: 20, seed: 8))
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { !$0.contains("\"quirks\"") })
  }
}
