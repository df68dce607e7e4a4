import AppStoreCommerce
import AppleNotifications
import AppleSigning
import CommerceSimulation
import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import MockAppleCore
import ServerSightings
import SimulatedWorld
import Testing

/// `epsim tui --serve`: the server owns the one simulation; the UI changes it through
/// `MockAppleState.change`, and reads back what the server saw per token.
@Suite("The UI's changes on the server's simulation, and activity lines")
struct WorldHandoverTests {
  static func state() throws -> MockAppleState {
    MockAppleState(
      simulation: WorldSimulation(
        tokens: Simulation(initial: DemoWorld.world(rules: .sandbox)),
        store: CommerceWorld(products: DemoCatalog.products, world: DemoWorld.world(rules: .sandbox))),
      notificationSettings: NotificationSettings(), authority: try TestCertificateAuthority())
  }

  /// Install and request SERVICES on alice's iPhone as the UI does; the new token's id.
  static func requestServices(on state: MockAppleState) async throws -> String {
    let (result, _) = await state.change { simulation in
      Result { () throws(SimulationError) in
        try simulation.apply(.events([.install(device: "alice.iphone")]))
        try simulation.apply(.events([.requestToken(device: "alice.iphone", type: .services)]))
      }
    }
    _ = try result.get()
    return try #require(await state.world.tokens.last?.token.externalPurchaseId)
  }

  /// A report body of one NO_LINE_ITEM line for the token `id`.
  static func noLineItemReport(of id: String) -> Data {
    Data(#"{"requestIdentifier":"5EC2EBDA-30BF-45A4-9256-FBC35EAE591C","#.utf8)
      + Data(#""externalPurchaseId":"\#(id)","status":"NO_LINE_ITEM"}"#.utf8)
  }

  @Test func aTokenTheUIMadeIsTheOneReportsAreCheckedAgainst() async throws {
    let state = try Self.state()
    let id = try await Self.requestServices(on: state)
    let body = Self.noLineItemReport(of: id)
    guard case .accepted = await state.submit(body: body, environment: .sandbox) else {
      Issue.record("the UI's token was not accepted")
      return
    }
    let seen = await state.sightingsByToken()[id] ?? []
    #expect(seen.count == 1)
    guard case .report("NO_LINE_ITEM", .sandbox, let request) = seen.first, request.hasPrefix("5EC2EBDA")
    else {
      Issue.record("no sandbox NO_LINE_ITEM report seen: \(seen)")
      return
    }
  }

  @Test func aTokenTheUIUndidIsNoLongerKnown() async throws {
    let state = try Self.state()
    let id = try await Self.requestServices(on: state)
    _ = await state.change { $0.undo() }
    let body = Self.noLineItemReport(of: id)
    guard case .rejected = await state.submit(body: body, environment: .sandbox) else {
      Issue.record("an undone token was accepted")
      return
    }
  }

  @Test func notificationsWithoutAWebhookSayTheyWereOnlyLogged() async throws {
    let state = try Self.state()
    let id = try await Self.requestServices(on: state)
    _ = try await state.takeDueDeliveries()
    let seen = await state.sightingsByToken()[id] ?? []
    #expect(
      seen.contains {
        guard case .notification(_, "CREATED", _, .logged) = $0 else { return false }
        return true
      }, "\(seen)")
  }

  @Test func theUIsPurchaseIsServedAndNotifiedOnceAcrossUndoAndRedo() async throws {
    let state = try Self.state()
    let product = try #require(DemoCatalog.products.first { $0.prices["NLD"] != nil })
    let (result, _) = await state.change { simulation in
      Result { () throws(SimulationError) in
        try simulation.apply(.events([.install(device: "alice.iphone")]))  // a purchase is made in the app
        return try simulation.apply(
          .purchase(
            .buy(product: product.id, device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil)))
      }
    }
    let transaction = try #require(try result.get().storeEvents.first?.transaction?.transactionId)
    #expect(await state.commerce.state.transactions.map(\.transactionId) == [transaction])
    _ = try await state.takeDueDeliveries()
    let delivered = await state.notifications.deliveries.compactMap(\.transactionId)
    #expect(delivered.contains(String(transaction)), "the UI's purchase was notified: \(delivered)")
    let seen = await state.sightingsByTransaction()[String(transaction)] ?? []
    #expect(
      seen.contains {
        guard case .notification = $0 else { return false }
        return true
      }, "\(seen)")

    // Undo takes the purchase back from the App Store; redo brings it back, and Apple's side,
    // which already sent its notification, does not send it again.
    _ = await state.change { $0.undo() }
    #expect(await state.commerce.state.transactions.isEmpty)
    _ = await state.change { $0.redo() }
    #expect(await state.commerce.state.transactions.map(\.transactionId) == [transaction])
    _ = try await state.takeDueDeliveries()
    #expect(await state.notifications.deliveries.count == delivered.count)
  }

  @Test func aBackendsAppAccountTokenStaysThroughTheUIsNextPurchase() async throws {
    let state = try Self.state()
    let subscription = try #require(DemoCatalog.products.first { $0.type == .autoRenewable })
    let (installed, _) = await state.change { simulation in
      Result { () throws(SimulationError) in try simulation.apply(.events([.install(device: "alice.iphone")]))
      }
    }
    _ = try installed.get()  // a purchase is made in the app
    let bought = try await state.apply(
      .buy(product: subscription.id, device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil))
    let original = try #require(bought.first?.transaction?.originalTransactionId)
    let token = "7E3B2A1C-4D5E-4F60-8A9B-0C1D2E3F4A5B"
    _ = try await state.apply(.setAppAccountToken(originalTransactionId: String(original), token: token))

    let consumable = try #require(DemoCatalog.products.first { $0.type == .consumable })
    let (result, simulation) = await state.change { simulation in
      Result { () throws(SimulationError) in
        try simulation.apply(
          .purchase(
            .buy(product: consumable.id, device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil)))
      }
    }
    _ = try result.get()
    let kept = simulation.store?.state.transactions.first { $0.transactionId == original }
    #expect(kept?.appAccountToken == token.lowercased() || kept?.appAccountToken == token)
    #expect(await state.commerce.state.transactions.count == 2)
    #expect(simulation.newestBackendStep == 3, "the backend's change is step 3 of the one history")
  }
}
