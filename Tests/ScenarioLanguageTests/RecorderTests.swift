import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

@Suite("Recorder: a simulation saved as a scenario replays to the same world")
struct RecorderTests {
  /// A run through the demo world touching every kind of event the recorder maps.
  static func recordedRun() throws -> Simulation {
    var simulation = Simulation(initial: DemoWorld.world())
    // Production's lifecycle in the sandbox environment: a world's tokens keep one environment
    // (SPEC 2), so the engine refuses an environment switch once tokens exist.
    var rules = LifecycleRules.production
    rules.environment = .sandbox
    rules.refreshPolicy = .everyNth(2)
    rules.lifetimes[.services] = 2 * Milliseconds.hour
    let events: [WorldEvent] = [
      .install(device: "alice.iphone"), .requestToken(device: "alice.iphone", type: .services),
      .advanceClock(to: DemoWorld.startTime + 59 * Milliseconds.minute),
      .requestToken(device: "alice.iphone", type: .services), .forceRefresh,
      .requestToken(device: "alice.iphone", type: .services), .checkEligibility(device: "alice.iphone"),
      .presentNoticeSheet(device: "alice.iphone"), .openLinkOut(device: "alice.iphone", url: nil),
      .setRules(rules), .addCustomer(Customer(id: "zoe", canMakePayments: false)),
      .addDevice(
        Device(
          id: "tablet", customerId: "zoe", platform: .iPadOS, osVersion: OSVersion(18, 1), storefront: "fr")),
      .install(device: "tablet"), .setCanMakePayments(customer: "zoe", allowed: true),
      .requestToken(device: "tablet", type: .services), .requestToken(device: "tablet", type: .services),
      .setStorefront(device: "tablet", storefront: "nl"),
      .setOSVersion(device: "alice.ipad", version: OSVersion(18, 2)),
      .install(device: "alice.ipad"), .update(device: "alice.ipad", version: "1.1"),
      .advanceClock(to: DemoWorld.startTime + 3 * Milliseconds.hour), .uninstall(device: "alice.iphone"),
      .redownload(device: "alice.iphone"), .install(device: "kenji.iphone"),
      .requestToken(device: "kenji.iphone", type: .inApp),
      .requestToken(device: "kenji.iphone", type: .linkOut),
    ]
    for event in events { try simulation.apply(event) }
    return simulation
  }

  @Test func replayGivesTheSameWorld() throws {
    let simulation = try Self.recordedRun()
    let text = ScenarioWriter.write(try ScenarioRecorder.scenario(from: simulation))
    let (transcript, world) = ScenarioRunner().execute(
      try ScenarioParser.parse(text, file: "recorded"), file: "recorded")
    #expect(transcript.failure == nil, "\(transcript.failure.map(\.message) ?? "")\n\(text)")
    #expect(world == simulation.world, "\(text)")
    #expect(world.tokens.map(\.raw) == simulation.world.tokens.map(\.raw))
  }

  @Test func writesReadableSteps() throws {
    let text = ScenarioWriter.write(try ScenarioRecorder.scenario(from: try Self.recordedRun()))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.prefix(3) == ["environment sandbox", "seed 42", "start 2026-03-01T09:00:00.000Z"])
    #expect(lines.contains("device alice.iphone iOS 18.2 storefront nl"))
    #expect(lines.contains("advance 59m"))
    #expect(lines.contains("device tablet iPadOS 18.1 storefront fr customer zoe"))
    // setRules from the sandbox preset to production's lifecycle with two changes: one line per
    // changed field.
    let rules = [
      "rules creation qualifying-event",
      "rules services-renewal qualifying-event",
      "lifetime all 365d", "lifetime SERVICES 2h", "refresh every 2",
    ]
    let start = try #require(lines.firstIndex(of: rules[0]))
    #expect(Array(lines[start..<start + rules.count]) == rules)
    #expect(lines.last == "request LINK_OUT on kenji.iphone")
  }

  @Test func refusesWhatAScenarioCannotSay() throws {
    var installed = DemoWorld.world()
    installed.devices[0].installedVersion = "1.0"
    #expect(throws: ScenarioRecorder.Unrecordable.self) {
      try ScenarioRecorder.scenario(from: Simulation(initial: installed))
    }
    var changedApp = Simulation(initial: DemoWorld.world())
    var app = DemoWorld.app
    app.version = "2.0"
    try changedApp.apply(.install(device: "alice.iphone"))
    try changedApp.apply(.setApp(app))
    #expect(throws: ScenarioRecorder.Unrecordable.self) { try ScenarioRecorder.scenario(from: changedApp) }
  }

  @Test func ruleChangesNameEachField() {
    var rules = LifecycleRules.sandbox
    rules.osGating = false
    rules.lifetimes[.inApp] = Milliseconds.minute
    #expect(
      RuleSetting.changes(from: .sandbox, to: rules) == [
        .lifetime(.inApp, Milliseconds.minute), .osGating(false),
      ])
    #expect(RuleSetting.changes(from: .sandbox, to: .sandbox).isEmpty)
    #expect(
      RuleSetting.lifetimeChanges(from: .sandbox, to: .production) == [
        .lifetime(nil, 365 * Milliseconds.day)
      ])
  }
}
