import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Sandbox lifecycle (SPEC 2, 4)")
struct SandboxLifecycleTests {
  @Test func firstRequestStartsThePeriodWithOneHourLifetime() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    #expect(world.periods.isEmpty, "sandbox creates nothing on install")
    try world.advance(by: 5 * Milliseconds.minute)
    let (issued, disposition) = try #require(try world.request(.services, on: "a1"))
    #expect(disposition == .newPeriod)
    #expect(issued.token.tokenCreationDate == world.now)
    #expect(issued.token.tokenExpirationDate == world.now + 3_600_000)
    #expect(issued.token.externalPurchaseId.hasPrefix("SANDBOX_"))
    #expect(issued.token.externalPurchaseId.count == "SANDBOX_".count + 36)
  }

  @Test func servicesRenewsOnRequestWithNewDates() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    let first = try #require(try world.request(.services, on: "a1"))
    try world.run(.advanceClock(to: first.0.token.tokenExpirationDate! + 1))
    let second = try #require(try world.request(.services, on: "a1"))
    #expect(second.1 == .newPeriod)
    #expect(second.0.token.tokenCreationDate == first.0.token.tokenExpirationDate! + 1)
    #expect(second.0.token.externalPurchaseId != first.0.token.externalPurchaseId)
  }

  @Test func oneAcquisitionPeriodPerSandboxAccount() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    _ = try #require(try world.request(.acquisition, on: "a1"))
    try world.advance(by: 2 * Milliseconds.hour)
    #expect(try world.request(.acquisition, on: "a1") == nil)
  }

  @Test func expiryMillisecondIsExpired() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    let first = try #require(try world.request(.services, on: "a1"))
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: -1))))
    #expect(
      try world.request(.services, on: "a1")?.0.token.externalPurchaseId == first.0.token.externalPurchaseId)
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: 0))))
    #expect(world.now == first.0.token.tokenExpirationDate)
    #expect(world.activePeriod(of: "alice", type: .services) == nil)
  }

  @Test func productionCreationWithSandboxLifetimeIsACombination() throws {
    var rules = LifecycleRules.production
    rules.lifetimes = .sandbox
    var world = TestWorlds.eu(rules: rules)
    try world.run(.install(device: "a1"))
    let services = try #require(try world.request(.services, on: "a1"))
    #expect(services.0.token.tokenExpirationDate! - services.0.token.tokenCreationDate == Milliseconds.hour)
    #expect(services.0.token.environment == .production)
  }
}
