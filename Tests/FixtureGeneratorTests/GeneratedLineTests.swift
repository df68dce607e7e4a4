import ExternalPurchaseTokens
import FixtureGenerator
import Foundation
import LifecycleSimulator
import Testing

@Suite("Generate: every line decodes and describes its token")
struct GeneratedLineTests {
  static let keys = [
    "customer", "device", "token", "decoded", "environment", "kind", "source", "typedRequest", "period",
    "refresh",
    "issuedAt",
    "state",
  ]

  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func everyLineDecodesToItsDecodedFields(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 200, seed: 21, environment: environment, days: 30)
    let lines = try TestRuns.lines(options)
    #expect(lines.count > 200)
    for line in lines {
      let object = try FoundationTokenDecoding.object(ofLine: line)
      #expect(Set(object.keys) == Set(Self.keys), "\(line.prefix(60))")
      let raw = try #require(object["token"] as? String)
      let decoded = try #require(object["decoded"] as? [String: Any])
      let fromToken = try FoundationTokenDecoding.decodedFields(ofToken: raw)
      #expect(fromToken == (try FoundationTokenDecoding.fields(of: decoded)))
      guard case .string(let id) = fromToken["externalPurchaseId"] else {
        Issue.record("no externalPurchaseId in \(line.prefix(60))")
        continue
      }
      #expect(object["environment"] as? String == environment.rawValue)
      #expect(id.hasPrefix("SANDBOX_") == (environment == .sandbox))
      let isCustom = fromToken["tokenType"] != nil
      #expect(isCustom == (fromToken["tokenExpirationDate"] != nil))
      #expect(object["kind"] as? String == (isCustom ? "custom-link" : "plain"))
      #expect((object["source"] as? String == "custom-link") == isCustom)
      #expect((object["period"] is NSNull) == !isCustom)
    }
  }

  @Test func linesFollowTheDocumentedKeyOrder() throws {
    let line = try #require(try TestRuns.lines(GenerateOptions(customers: 5, seed: 2)).first)
    var position = line.startIndex
    for key in Self.keys {
      let range = try #require(line.range(of: "\"\(key)\":", range: position..<line.endIndex), "\(key)")
      position = range.upperBound
    }
  }

  @Test func decodedFieldsAreTheCanonicalJSON() throws {
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 9))
    for number in 1...30 {
      for item in try generator.tokens(ofCustomer: number) {
        #expect(item.raw == TokenEncoder().encode(item.token))
        let json = try FoundationTokenDecoding.jsonData(ofToken: item.raw)
        #expect(String(decoding: json, as: UTF8.self) == TokenEncoder().json(for: item.token))
      }
    }
  }

  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func statesAreAsOfTheEndOfTheWindow(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 150, seed: 4, environment: environment, days: 12)
    let generator = try FixtureGenerator(options: options)
    #expect(generator.endTime == FixtureWorld.startTime + 12 * Milliseconds.day)
    var seen = Set<TokenState>()
    for number in 1...options.customers {
      for item in try generator.tokens(ofCustomer: number) {
        seen.insert(item.state)
        #expect(item.issuedAt < generator.endTime)
        guard let expiration = item.token.tokenExpirationDate else {
          #expect(item.state == .noExpiry)
          continue
        }
        #expect(item.state == (generator.endTime < expiration ? .active : .expired))
        #expect(item.token.tokenCreationDate <= generator.endTime)
      }
    }
    let expected: Set<TokenState> =
      environment == .sandbox ? [.active, .expired, .noExpiry] : [.active, .noExpiry]
    #expect(seen == expected, "production periods last 365 days, so none ends in 12")
  }
}
