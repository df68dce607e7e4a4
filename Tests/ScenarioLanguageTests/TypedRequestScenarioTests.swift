import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

@testable import ScenarioLanguage

/// `request withinApp|outOfApp on D`, `string-form` and `typed-token-type` (SPEC 5).
@Suite("Scenario language: the typed request of 27.2")
struct TypedRequestScenarioTests {
  static let setup = """
    environment production
    app com.example.shop id 1234567890 version 1.0
    entitlement allowed-regions jp
    device kenji.iphone iOS 27.2 storefront jp
    install kenji.iphone

    """

  @Test func parsesTheTypedStepAndTheSettings() throws {
    let scenario = try ScenarioParser.parse(
      Self.setup + "request withinapp on kenji.iphone\nstring-form off\ntyped-token-type outOfApp in_app\n"
        + "rules typed-token-type withinApp LINK_OUT\nrequest outOfApp on kenji.iphone", file: "t.epsim")
    let kinds = scenario.statements.suffix(5).map(\.kind)
    #expect(
      kinds == [
        .requestTyped(.withinApp, device: "kenji.iphone"), .rule(.stringFormAnswers(false)),
        .rule(.typedTokenType(.outOfApp, .inApp)), .rule(.typedTokenType(.withinApp, .linkOut)),
        .requestTyped(.outOfApp, device: "kenji.iphone"),
      ])
    #expect(
      kinds.map(ScenarioWriter.statement) == [
        "request withinApp on kenji.iphone", "string-form off", "typed-token-type outOfApp IN_APP",
        "typed-token-type withinApp LINK_OUT", "request outOfApp on kenji.iphone",
      ])
  }

  @Test(arguments: [
    BadLine(
      source: setup + "request withinapps on kenji.iphone", line: 6, column: 9,
      expected:
        "a token type (ACQUISITION, SERVICES, IN_APP or LINK_OUT) or a typed request (withinApp or outOfApp)",
      found: "withinapps", suggestion: "withinApp"),
    BadLine(
      source: setup + "typed-token-type outOfApp SERVICES", line: 6, column: 27,
      expected: "the token type a typed request carries (IN_APP or LINK_OUT)", found: "SERVICES"),
    BadLine(
      source: setup + "typed-token-type inside IN_APP", line: 6, column: 18,
      expected: "a typed request (withinApp or outOfApp)", found: "inside"),
    BadLine(
      source: setup + "string-form maybe", line: 6, column: 13, expected: "'on' or 'off'", found: "maybe"),
  ])
  func badLinesSayWhereAndWhat(_ bad: BadLine) throws {
    try bad.expectFirstError()
  }

  @Test func theJSONTranscriptNamesTheTypedRequest() throws {
    let source = Self.setup + "request outOfApp on kenji.iphone\nrequest LINK_OUT on kenji.iphone"
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(source, file: "t.epsim"), file: "t.epsim")
    #expect(transcript.passed)
    let data = Data(TranscriptJSON.document([transcript]).utf8)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let run = try #require((root["scenarios"] as? [[String: Any]])?.first)
    let steps = try #require(run["steps"] as? [[String: Any]])
    let tokens = steps.suffix(2).map { ($0["result"] as? [String: Any])?["token"] as? [String: Any] }
    #expect(tokens.map { $0?["typedRequest"] as? String } == ["outOfApp", nil])
    #expect(tokens[1]?["typedRequest"] is NSNull)
    #expect((tokens[0]?["decoded"] as? [String: Any])?["tokenType"] as? String == "LINK_OUT")
    #expect(steps[steps.count - 2]["action"] as? String == "token(for: .outOfApp) on kenji.iphone")
  }

  @Test func aRecordedSessionWithTypedRequestsReplaysExactly() throws {
    var simulation = Simulation(initial: DemoWorld.world())
    var rules = simulation.world.rules
    rules.typedTokenTypes[.withinApp] = .linkOut
    rules.stringFormAnswers = false
    let events: [WorldEvent] = [
      .setOSVersion(device: "kenji.iphone", version: OSVersion(27, 2)), .install(device: "kenji.iphone"),
      .requestTypedToken(device: "kenji.iphone", request: .withinApp), .setRules(rules),
      .requestTypedToken(device: "kenji.iphone", request: .withinApp),
      .requestTypedToken(device: "kenji.iphone", request: .outOfApp),
    ]
    for event in events { try simulation.apply(event) }
    let text = ScenarioWriter.write(try ScenarioRecorder.scenario(from: simulation))
    #expect(text.contains("request withinApp on kenji.iphone\n"))
    #expect(text.contains("string-form off\n"))
    #expect(text.contains("typed-token-type withinApp LINK_OUT\n"))
    let (transcript, world) = ScenarioRunner().execute(
      try ScenarioParser.parse(text, file: "recorded"), file: "recorded")
    #expect(transcript.failure == nil, "\(text)")
    #expect(world == simulation.world, "\(text)")
    #expect(world.tokens.map(\.token.tokenType) == [.inApp, .linkOut, .linkOut])
  }
}
