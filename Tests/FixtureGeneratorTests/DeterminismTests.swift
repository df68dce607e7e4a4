import ExternalPurchaseTokens
import FixtureGenerator
import Testing

@Suite("Generate: determinism")
struct DeterminismTests {
  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func sameSeedGivesSameBytes(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 150, seed: 7, environment: environment, days: 20, quirks: true)
    let first = try TestRuns.output(options)
    let second = try TestRuns.output(options)
    #expect(!first.isEmpty)
    #expect(first == second)
  }

  @Test func workersDoNotChangeTheBytes() throws {
    // More customers than one round of blocks, and not a multiple of the block size.
    let options = GenerateOptions(customers: 1000, seed: 19, environment: .sandbox, days: 5)
    let alone = try TestRuns.output(options, workers: 1)
    #expect(try TestRuns.output(options, workers: 2) == alone)
    #expect(try TestRuns.output(options, workers: 3) == alone)
  }

  @Test func otherSeedGivesOtherBytes() throws {
    let first = try TestRuns.output(GenerateOptions(customers: 50, seed: 1))
    let second = try TestRuns.output(GenerateOptions(customers: 50, seed: 2))
    #expect(first != second)
  }

  @Test func aCustomerIsTheSameAloneOrInACrowd() throws {
    let crowd = try TestRuns.lines(GenerateOptions(customers: 40, seed: 11))
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 11))
    let alone = try generator.tokens(ofCustomer: 37)
    let fromCrowd = crowd.filter { $0.hasPrefix(#"{"customer":"c000037""#) }
    #expect(alone.count == fromCrowd.count)
    for (item, line) in zip(alone, fromCrowd) { #expect(line.contains(#""token":"\#(item.raw)""#)) }
  }

  @Test func quirksChangeOnlyTheEncoding() throws {
    let plain = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 5, quirks: false))
    let quirky = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 5, quirks: true))
    for number in 1...60 {
      let canonical = try plain.tokens(ofCustomer: number)
      let encoded = try quirky.tokens(ofCustomer: number)
      #expect(canonical.map(\.token) == encoded.map(\.token), "customer \(number)")
    }
  }

  @Test func tokensFormatIsTheRawStrings() throws {
    let jsonl = try TestRuns.lines(GenerateOptions(customers: 30, seed: 3, quirks: true))
    let tokens = try TestRuns.lines(GenerateOptions(customers: 30, seed: 3, quirks: true, format: .tokens))
    #expect(jsonl.count == tokens.count)
    for (line, raw) in zip(jsonl, tokens) {
      let object = try FoundationTokenDecoding.object(ofLine: line)
      #expect(object["token"] as? String == String(raw))
    }
  }
}
