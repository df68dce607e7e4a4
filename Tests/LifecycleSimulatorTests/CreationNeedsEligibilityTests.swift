import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The `creationNeedsEligibility` setting: off in the presets, and when on, qualifying events on
/// ineligible devices start no period while still counting as the events they are.
@Suite("Rules: creation needs eligibility")
struct CreationNeedsEligibilityTests {
  @Test func presetsFollowSpecFourLiterally() throws {
    #expect(!LifecycleRules.production.creationNeedsEligibility)
    #expect(!LifecycleRules.sandbox.creationNeedsEligibility)
    var world = TestWorlds.eu(rules: .production)
    try world.run(.setStorefront(device: "a1", storefront: "us"))
    guard case .lifecycle(let started) = try world.run(.install(device: "a1")) else {
      Issue.record("install gave no lifecycle result")
      return
    }
    #expect(started.count == 2, "an ineligible first install still starts both periods by default")
  }

  @Test func ineligibleFirstInstallStartsNothingButStillCounts() throws {
    var rules = LifecycleRules.production
    rules.creationNeedsEligibility = true
    var world = TestWorlds.eu(rules: rules)
    try world.run(.setStorefront(device: "a1", storefront: "us"))
    guard case .lifecycle(let started) = try world.run(.install(device: "a1")) else {
      Issue.record("install gave no lifecycle result")
      return
    }
    #expect(started.isEmpty)
    #expect(world.periods.isEmpty)

    // Back in an eligible storefront, the next qualifying event starts SERVICES only:
    // the first install has happened, so ACQUISITION never comes.
    try world.run(.setStorefront(device: "a1", storefront: "nl"))
    try world.run(.update(device: "a1", version: nil))
    #expect(world.periods.map(\.type) == [.services])
    #expect(try world.request(.services, on: "a1") != nil)
    #expect(try world.request(.acquisition, on: "a1") == nil)
  }

  /// The terminal UI explains "no period" from the line's topic, not its words, so the topic must
  /// be set on that line only, and must survive the step history's compact storage.
  @Test func theLineThatExplainsIsMarkedAndKeptInHistory() throws {
    var rules = LifecycleRules.production
    rules.creationNeedsEligibility = true
    var world = TestWorlds.eu(rules: rules)
    try world.run(.setStorefront(device: "a1", storefront: "us"))
    var simulation = Simulation(initial: world)
    let outcome = try simulation.apply(.install(device: "a1"))
    let marked = outcome.log.filter { $0.topic == .noPeriodStarted }
    #expect(marked.count == 1)
    #expect(marked.first?.message.contains("not eligible") == true)
    #expect(simulation.appliedSteps.last?.outcome == outcome, "the stored step reads back with its topic")

    _ = try simulation.apply(.setStorefront(device: "a1", storefront: "nl"))
    let eligible = try simulation.apply(.update(device: "a1", version: nil))
    #expect(eligible.log.allSatisfy { $0.topic == nil })
  }

  @Test func eligibleDevicesAreUnaffected() throws {
    var rules = LifecycleRules.production
    rules.creationNeedsEligibility = true
    var world = TestWorlds.eu(rules: rules)
    try world.run(.install(device: "a1"))
    #expect(Set(world.periods.map(\.type)) == [.acquisition, .services])
  }
}

@Suite("Rules: summary")
struct RulesSummaryTests {
  @Test func presetsNameOnlyTheEnvironment() {
    #expect(LifecycleRules.production.summary == "production preset")
    #expect(LifecycleRules.sandbox.summary == "sandbox preset")
  }

  @Test func differencesFromThePresetAreListed() {
    var rules = LifecycleRules.production
    rules.lifetimes.services = Milliseconds.hour
    rules.refreshPolicy = .everyNth(3)
    rules.creationNeedsEligibility = true
    #expect(
      rules.summary
        == "production preset with lifetime SERVICES 1h, refresh every 3, creation-needs-eligibility on")
    #expect(WorldEvent.setRules(rules).summary.hasPrefix("rules: production preset with"))
  }
}
