import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Production lifecycle (SPEC 4)")
struct ProductionLifecycleTests {
  @Test func firstInstallStartsAcquisitionAndServices() throws {
    var world = TestWorlds.eu(rules: .production)
    guard case .lifecycle(let started) = try world.run(.install(device: "a1")) else {
      Issue.record("install did not report a lifecycle result")
      return
    }
    #expect(started.map { world.periods[$0].type } == [.acquisition, .services])
    let services = try #require(try world.request(.services, on: "a1"))
    #expect(services.1 == .firstOfPeriod)
    #expect(services.0.token.tokenCreationDate == TestWorlds.start)
    #expect(services.0.token.tokenExpirationDate == TestWorlds.start + 365 * Milliseconds.day)
    #expect(services.0.token.environment == .production)
    #expect(!services.0.token.externalPurchaseId.hasPrefix("SANDBOX"))
  }

  @Test func installOnSecondDeviceIsNotAFirstInstall() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    guard case .lifecycle(let started) = try world.run(.install(device: "a2")) else {
      Issue.record("no lifecycle result")
      return
    }
    #expect(started.isEmpty, "SERVICES is still active and ACQUISITION happens once")
    let first = try #require(try world.request(.acquisition, on: "a1"))
    let second = try #require(try world.request(.acquisition, on: "a2"))
    #expect(
      first.0.token.externalPurchaseId == second.0.token.externalPurchaseId, "periods belong to the account")
  }

  @Test func updateWhileServicesActiveStartsNothing() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    try world.advance(by: 30 * Milliseconds.day)
    guard case .lifecycle(let started) = try world.run(.update(device: "a1", version: "1.1")) else {
      Issue.record("no lifecycle result")
      return
    }
    #expect(started.isEmpty)
    #expect(world.periods(of: "alice", type: .services).count == 1)
  }

  @Test func servicesAfterExpiryWaitsForAQualifyingEvent() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    try world.run(
      .advanceClock(to: try world.resolve(.expiryOf(customer: "alice", type: .services, offset: 0))))
    #expect(try world.request(.services, on: "a1") == nil)
    try world.advance(by: Milliseconds.day)
    #expect(try world.request(.services, on: "a1") == nil, "time alone never renews SERVICES in production")
    try world.run(.update(device: "a1", version: nil))
    let renewed = try #require(try world.request(.services, on: "a1"))
    #expect(renewed.0.token.tokenCreationDate == world.now)
    #expect(world.periods(of: "alice", type: .services).map(\.ordinal) == [1, 2])
  }

  @Test func acquisitionNeverComesBack() throws {
    var world = TestWorlds.eu(rules: .production)
    try world.run(.install(device: "a1"))
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: 1))))
    try world.run(.uninstall(device: "a1"))
    try world.run(.redownload(device: "a1"))
    try world.run(.install(device: "a2"))
    guard case .token(.noToken(let reason)) = try world.run(.requestToken(device: "a1", type: .acquisition))
    else {
      Issue.record("ACQUISITION should return nil after its only period")
      return
    }
    #expect(reason.contains("one active period ever"))
    #expect(world.periods(of: "alice", type: .acquisition).count == 1)
    #expect(world.periods(of: "alice", type: .services).count == 2, "the redownload renewed SERVICES")
  }

  @Test func redownloadNeedsAnEarlierDownload() throws {
    var world = TestWorlds.eu(rules: .production)
    #expect((try? world.apply(.redownload(device: "a1"))) == nil)
  }
}
