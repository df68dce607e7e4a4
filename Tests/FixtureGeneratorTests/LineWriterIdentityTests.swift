import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@testable import FixtureGenerator

/// The JSONL writer writes through a cursor since issue 26; these hold its bytes equal to a line
/// put together from `JSONText` and the general encoder, field by field, as the writer before
/// it did, on generated tokens and on made-up ones of every odd shape.
@Suite("Generate: the line writer's bytes")
struct LineWriterIdentityTests {
  static func referenceLine(_ item: GeneratedToken, reportsQuirks: Bool) -> String {
    var line = #"{"customer":"# + JSONText.quoted(item.customerId)
    line += #","device":"# + JSONText.quoted(item.deviceId)
    line += #","token":""# + item.raw + #"","decoded":"# + TokenEncoder().json(for: item.token)
    line += #","environment":"# + JSONText.quoted(item.token.environment.rawValue)
    line += #","kind":"# + JSONText.quoted(item.token.kind.rawValue)
    line += #","source":"# + JSONText.quoted(item.source.apiName)
    line += #","typedRequest":"# + (item.typedRequest.map { JSONText.quoted($0.rawValue) } ?? "null")
    line += #","period":"# + (item.periodOrdinal.map { String($0) } ?? "null")
    line += #","refresh":"# + (item.isRefresh ? "true" : "false")
    line += #","issuedAt":"# + String(item.issuedAt)
    line += #","state":"# + JSONText.quoted(item.state.rawValue)
    if reportsQuirks {
      line +=
        #","quirks":["# + QuirkNames.names(item.quirks).map(JSONText.quoted).joined(separator: ",") + "]"
    }
    return line + "}\n"
  }

  static func written(_ items: [GeneratedToken], reportsQuirks: Bool) -> String {
    let writer = JSONLineWriter(format: .jsonl, reportsQuirks: reportsQuirks)
    var buffer = ByteBuffer()
    for item in items { writer.write(item, to: &buffer) }
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  @Test(arguments: [TokenEnvironment.production, .sandbox])
  func generatedTokensMatchTheReference(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 150, seed: 5, environment: environment, days: 30, quirks: true)
    let generator = try FixtureGenerator(options: options)
    let items = try (1...150).flatMap { try generator.tokens(ofCustomer: $0) }
    #expect(items.count > 300)
    for reportsQuirks in [false, true] {
      #expect(
        Self.written(items, reportsQuirks: reportsQuirks)
          == items.map { Self.referenceLine($0, reportsQuirks: reportsQuirks) }.joined())
    }
  }

  /// A run writes each line from the engine's token where it lies (issue 26); its bytes are the
  /// reference lines of `tokens(ofCustomer:)`, in both environments, with and without quirks.
  @Test(arguments: [TokenEnvironment.production, .sandbox], [false, true])
  func aRunWritesTheReferenceLinesOfEachCustomer(environment: TokenEnvironment, quirks: Bool) throws {
    let options = GenerateOptions(customers: 120, seed: 8, environment: environment, days: 30, quirks: quirks)
    let generator = try FixtureGenerator(options: options)
    let items = try (1...options.customers).flatMap { try generator.tokens(ofCustomer: $0) }
    #expect(items.count > 240)
    #expect(
      try TestRuns.output(options) == items.map { Self.referenceLine($0, reportsQuirks: quirks) }.joined())
  }

  @Test func oddTokensMatchTheReference() {
    let tokens = [
      ExternalPurchaseToken(
        appAppleId: -1, bundleId: "a\"b\\c", tokenCreationDate: .min, externalPurchaseId: "x\u{01}",
        tokenType: .linkOut, tokenExpirationDate: .max),
      ExternalPurchaseToken(
        appAppleId: 0, bundleId: "", tokenCreationDate: 0, externalPurchaseId: "SANDBOX_é"),
      ExternalPurchaseToken(
        appAppleId: 5, bundleId: "c", tokenCreationDate: 6, externalPurchaseId: "z", tokenType: .acquisition,
        extraFields: [JSONMember(name: "future", value: .array([.bool(true), .null, .string("q\"")]))]),
    ]
    let sources: [TokenSource] = [
      .customLink(periodId: 3), .noticeSheet, .linkOut(destination: "https://x/?a=\""),
    ]
    let states: [TokenState] = [.active, .expired, .noExpiry]
    var items: [GeneratedToken] = []
    for (index, token) in tokens.enumerated() {
      for quirks in (0..<8).map({ TokenEncoder.Quirks(rawValue: $0) }) {
        items.append(
          GeneratedToken(
            customerId: index == 0 ? "c\"1\n" : "c000001", deviceId: index == 1 ? "日本.ipad" : "d\t",
            token: token,
            encodedWithQuirks: quirks.isEmpty ? nil : TokenEncoder(quirks: quirks).encode(token),
            quirks: quirks,
            source: sources[index], typedRequest: quirks.rawValue % 3 == 0 ? nil : .outOfApp,
            periodOrdinal: quirks.rawValue % 2 == 0 ? nil : 1_000_000 + quirks.rawValue,
            isRefresh: quirks.contains(.padding), issuedAt: -Int64(quirks.rawValue), state: states[index]))
      }
    }
    for reportsQuirks in [false, true] {
      #expect(
        Self.written(items, reportsQuirks: reportsQuirks)
          == items.map { Self.referenceLine($0, reportsQuirks: reportsQuirks) }.joined())
    }
  }

  @Test func quotedLiteralsAreTheQuotedRawValues() {
    for source in [TokenSource.customLink(periodId: 0), .noticeSheet, .linkOut(destination: "u")] {
      #expect(source.quotedAPIName.description == JSONText.quoted(source.apiName))
    }
    for request in TypedTokenRequest.allCases {
      #expect(request.quotedName.description == JSONText.quoted(request.rawValue))
    }
    for state in TokenState.allCases {
      #expect(state.quotedName.description == JSONText.quoted(state.rawValue))
    }
  }

  /// Customer ids written digit by digit are the ids joined from `String(number)` and zeros.
  @Test func customerIdsAreTheJoinedOnes() {
    let numbers =
      Array(0...12_000) + [99_999, 100_000, 999_999, 1_000_000, 123_456_789, 1_000_000_000, Int.max, -1, -42]
    for number in numbers {
      let digits = String(number)
      let joined = "c" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
      #expect(LifePlanner.customerId(number) == joined, "\(number)")
    }
  }
}
