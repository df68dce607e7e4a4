import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@testable import ScenarioLanguage

@Suite("Recorder: what was observed comes back as expectations that pass")
struct ObservedExpectationTests {
  static func recordedText(_ simulation: Simulation) throws -> String {
    ScenarioWriter.write(try ScenarioRecorder.scenario(from: simulation, withExpectations: true))
  }

  @Test func everyRecordedExpectationPasses() throws {
    let simulation = try RecorderTests.recordedRun()
    let text = try Self.recordedText(simulation)
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(text, file: "recorded"), file: "recorded")
    #expect(transcript.passed, "\(transcript.failedExpectations)\n\(text)")
    #expect(transcript.expectations.count > 20, "\(text)")
  }

  @Test func statesTokensNilRefusalsAndExpiries() throws {
    var simulation = Simulation(initial: DemoWorld.world())
    let events: [WorldEvent] = [
      .install(device: "alice.iphone"), .requestToken(device: "alice.iphone", type: .services),
      .requestToken(device: "alice.iphone", type: .services), .forceRefresh,
      .requestToken(device: "alice.iphone", type: .services),
      .requestToken(device: "alice.iphone", type: .inApp),
      .install(device: "bruno.iphone"), .requestToken(device: "bruno.iphone", type: .services),
      .checkEligibility(device: "alice.iphone"), .presentNoticeSheet(device: "alice.iphone"),
      .advanceClock(to: DemoWorld.startTime + Milliseconds.hour),
    ]
    for event in events { try simulation.apply(event) }
    let lines = try Self.recordedText(simulation).split(separator: "\n").map(String.init)
    let steps = Array(lines.drop { !$0.hasPrefix("install") })
    #expect(
      steps == [
        "install alice.iphone",
        "request SERVICES on alice.iphone  expect token and field tokenType = SERVICES and new period",
        "request SERVICES on alice.iphone  expect token and field tokenType = SERVICES and same period and same id",
        "force-refresh",
        "request SERVICES on alice.iphone  expect token and field tokenType = SERVICES and same period"
          + " and refreshed id",
        "request IN_APP on alice.iphone  expect not eligible reason os-too-old",
        "install bruno.iphone",
        "request SERVICES on bruno.iphone  expect not eligible reason payments",
        "check-eligibility on alice.iphone  expect eligible",
        "notice-sheet on alice.iphone  expect token and field tokenType = none and environment sandbox",
        "advance 1h  expect SERVICES expired for alice",
      ])
  }
}
