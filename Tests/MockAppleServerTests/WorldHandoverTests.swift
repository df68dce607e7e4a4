import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import MockAppleServer
import Testing

/// `epsim tui --serve`: the UI hands its simulation to the server state, and reads back what the
/// server saw per token.
@Suite("World handover and activity lines")
struct WorldHandoverTests {
  static func state() throws -> MockAppleState {
    MockAppleState(
      world: DemoWorld.world(rules: .sandbox), notificationSettings: NotificationSettings(),
      authority: try TestCertificateAuthority())
  }

  @Test func aReplacedWorldIsTheOneReportsAreCheckedAgainst() async throws {
    let state = try Self.state()
    var simulation = Simulation(initial: DemoWorld.world(rules: .sandbox))
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.requestToken(device: "alice.iphone", type: .services))
    let id = try #require(simulation.world.tokens.last?.token.externalPurchaseId)
    let body =
      Data(#"{"requestIdentifier":"5EC2EBDA-30BF-45A4-9256-FBC35EAE591C","#.utf8)
      + Data(#""externalPurchaseId":"\#(id)","status":"NO_LINE_ITEM"}"#.utf8)

    // Before the handover the server's world has no such token.
    guard case .rejected = await state.submit(body: body, environment: .sandbox) else {
      Issue.record("a token the server's world lacks was accepted")
      return
    }
    await state.replaceSimulation(simulation)
    #expect(await state.world == simulation.world)
    guard case .accepted = await state.submit(body: body, environment: .sandbox) else {
      Issue.record("the handed-over token was not accepted")
      return
    }
    let lines = await state.activityLines()
    #expect(lines[id] == ["report NO_LINE_ITEM (sandbox) request 5EC2EBDA"])
  }

  @Test func notificationsWithoutAWebhookSayTheyWereOnlyLogged() async throws {
    let state = try Self.state()
    var simulation = Simulation(initial: DemoWorld.world(rules: .sandbox))
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.requestToken(device: "alice.iphone", type: .services))
    let id = try #require(simulation.world.tokens.last?.token.externalPurchaseId)
    await state.replaceSimulation(simulation)
    _ = try await state.takeDueDeliveries()
    let lines = await state.activityLines()[id] ?? []
    #expect(
      lines.contains {
        $0.hasPrefix("notification CREATED at ") && $0.hasSuffix("logged (no --webhook to send it to)")
      })
  }

  @Test func aHandedOverAppStoreIsServedAndItsEventsBecomeNotifications() async throws {
    let state = try Self.state()
    let simulation = Simulation(initial: DemoWorld.world(rules: .sandbox))
    var store = CommerceWorld(products: DemoCatalog.products, world: simulation.world)
    let product = try #require(DemoCatalog.products.first { $0.prices["NLD"] != nil })
    let events = try store.perform(
      .buy(product: product.id, device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil),
      world: simulation.world)
    let transaction = try #require(events.first?.transaction?.transactionId)

    await state.replaceSimulation(simulation, commerce: store, events: events)
    #expect(await state.commerce.state.transactions.map(\.transactionId) == [transaction])
    _ = try await state.takeDueDeliveries()
    let delivered = await state.notifications.deliveries.compactMap(\.transactionId)
    #expect(delivered.contains(String(transaction)), "the UI's purchase was notified: \(delivered)")
    let lines = await state.transactionActivityLines()[String(transaction)] ?? []
    #expect(lines.contains { $0.contains("notification") }, "\(lines)")

    // Handing over the same store again with no new events sends nothing twice.
    await state.replaceSimulation(simulation, commerce: store, events: [])
    _ = try await state.takeDueDeliveries()
    #expect(await state.notifications.deliveries.count == delivered.count)
  }
}
