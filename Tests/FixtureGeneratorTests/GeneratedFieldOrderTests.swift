import ExternalPurchaseTokens
import FixtureGenerator
import Testing

/// The JSONL writer keeps its own byte writer for speed; its `decoded` object must still be the
/// declared fields (`TokenField`, `fieldMembers`) in the declared order, of the line's own token
/// (decision 0157).
@Suite("Generate: a line's decoded fields are the declared ones")
struct GeneratedFieldOrderTests {
  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func decodedIsTheDeclaredMembersOfTheToken(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 120, seed: 8, environment: environment, days: 30, quirks: true)
    var plain = 0
    var custom = 0
    for line in try TestRuns.lines(options) {
      guard case .object(let members) = try JSONValue.parse(utf8: Array(line.utf8)),
        case .object(let decoded)? = members.first(where: { $0.name == "decoded" })?.value,
        case .string(let raw)? = members.first(where: { $0.name == "token" })?.value
      else {
        Issue.record("no decoded object or token in \(line.prefix(60))")
        continue
      }
      let token = try TokenDecoder().decode(raw)
      #expect(decoded == token.fieldMembers, "\(line.prefix(60))")
      let declared = TokenField.allCases.filter { $0.value(in: token) != nil }.map(\.name)
      #expect(decoded.map(\.name) == declared)
      if token.tokenType == nil { plain += 1 } else { custom += 1 }
    }
    #expect(plain > 0 && custom > 0, "both kinds of token were generated")
  }
}
