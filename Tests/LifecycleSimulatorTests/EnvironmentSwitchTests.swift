import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// A world's tokens all belong to one environment (SPEC 2): its environment can change only
/// while it has none, so no period minted under one is answered again under the other.
@Suite("Rules: one environment per world")
struct EnvironmentSwitchTests {
  @Test func beforeTheFirstTokenTheEnvironmentMayChange() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.setRules(.production))
    #expect(world.rules.environment == .production)
    try world.run(.setRules(.sandbox))
    #expect(world.rules.environment == .sandbox)
  }

  @Test func onceATokenExistsSwitchingIsRefusedAndChangesNothing() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    #expect(!world.tokens.isEmpty)
    let before = world
    #expect(throws: SimulationError.self) { try world.run(.setRules(.sandbox)) }
    #expect(world == before)
    do {
      try world.run(.setRules(.sandbox))
      Issue.record("the switch must be refused")
    } catch let error as SimulationError {
      #expect(error.message.hasPrefix("cannot switch to sandbox: this world already has 2 production tokens"))
      #expect(error.message.contains("(docs/rules.md, Tokens)"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func otherRuleChangesStayAllowedWithTokens() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    var rules = world.rules
    rules.osGating = false
    try world.run(.setRules(rules))
    #expect(!world.rules.osGating)
  }
}
