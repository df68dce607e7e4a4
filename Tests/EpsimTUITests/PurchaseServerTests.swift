import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import Foundation
import LifecycleSimulator
import ServerSightings
import SimulatedWorld
import Testing

/// `epsim tui --serve` and purchases: what the server saw of each transaction shows beside it, and
/// the App Store's events stay in the log the server is fed even when the UI undoes them.
@Suite("Purchases beside the mock server")
struct PurchaseServerTests {
  @Test func theDetailsListWhatTheServerSawOfTheTransaction() throws {
    var state = TUIState.store(width: 120, height: 60)
    state.type("p")
    state.buy()
    let id = try #require(state.store.state.transactions.first?.transactionId)
    state.handle(
      .serverActivity(
        ServerActivity(
          address: "http://127.0.0.1:8080",
          seenByTransaction: [
            String(id): [
              .apiCall(description: "GET /inApps/v1/transactions/\(id) (200)", at: 0),
              .notification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", dueAt: 0, delivery: .delivered),
            ]
          ])))
    state.press(.enter)
    let screen = state.screen
    #expect(screen.contains("Seen by the mock server at http://127.0.0.1:8080"))
    #expect(screen.contains("GET /inApps/v1/transactions/\(id) (200) at 1970-01-01T00:00:00.000Z"))
    #expect(screen.contains("notification SUBSCRIBED/INITIAL_BUY at 1970-01-01T00:00:00.000Z: delivered"))
  }

  @Test func aTransactionTheServerHasNotSeenSaysSo() {
    var state = TUIState.store(width: 120, height: 60)
    state.type("p")
    state.buy()
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:8080")))
    state.press(.enter)
    #expect(state.screen.contains("nothing yet: no API call named it, no notification about it"))
  }

  @Test func aBackendsAppAccountTokenShowsAndStaysThroughTheNextPurchase() throws {
    var state = TUIState.store(width: 120, height: 60)
    let owner = TestOwner(state.simulation)
    state.attach(to: owner, showing: owner.current)
    state.type("p")
    state.buy()
    owner.answer(&state)
    let original = try #require(state.store.state.transactions.last?.originalTransactionId)
    let token = "7e3b2a1c-4d5e-4f60-8a9b-0c1d2e3f4a5b"
    try owner.backend(.setAppAccountToken(originalTransactionId: String(original), token: token))
    state.show(owner.current)
    state.press(.enter)
    #expect(state.screen.contains(token), "the details show the backend's token")
    state.press(.escape)
    state.buy(productIndex: 7)  // coins.100, a consumable
    owner.answer(&state)
    #expect(state.store.state.transactions.count == 2)
    #expect(
      state.store.state.transactions.first { $0.transactionId == original }?.appAccountToken == token,
      "the UI's next purchase keeps what the backend set")
    #expect(owner.current.store?.state.transactions.count == 2, "the UI bought on the owner's simulation")
  }

  @Test func undoStopsAtAStepABackendMade() throws {
    var state = TUIState.store()
    let owner = TestOwner(state.simulation)
    state.attach(to: owner, showing: owner.current)
    state.type("p")
    state.buy()
    owner.answer(&state)
    let original = try #require(state.store.state.transactions.last?.originalTransactionId)
    try owner.backend(
      .setAppAccountToken(
        originalTransactionId: String(original), token: "7e3b2a1c-4d5e-4f60-8a9b-0c1d2e3f4a5b"))
    state.show(owner.current)
    state.buy(productIndex: 7)
    owner.answer(&state)
    #expect(state.store.state.transactions.count == 2)
    state.type("[")
    owner.answer(&state)
    #expect(state.store.state.transactions.count == 1, "the UI's own purchase after it is undone")
    state.type("[")
    owner.answer(&state)
    #expect(state.status?.text.contains("a backend made it through the App Store Server API") == true)
    #expect(state.simulation.position == 3, "nothing moved: \(state.status?.text ?? "")")
    #expect(owner.current.position == 3)
  }
}

extension PurchaseServerTests {
  @Test func keysTypedBeforeTheServerAnswersWaitAndFollowInOrder() throws {
    var state = TUIState.store()
    let owner = TestOwner(state.simulation)
    state.attach(to: owner, showing: owner.current)
    state.type("p")
    state.buy()
    #expect(state.awaitsOwner, "the purchase went to the server, whose answer has not been handed over")
    #expect(state.store.state.transactions.isEmpty, "the UI shows the simulation as the server last said")
    state.type("[")
    #expect(owner.changesSent == 1, "the undo waits behind the purchase instead of racing it")
    owner.answer(&state)
    #expect(!state.awaitsOwner)
    #expect(owner.changesSent == 2)
    #expect(state.store.state.transactions.isEmpty, "the purchase, then its undo")
    #expect(state.status?.text.hasPrefix("undid buy") == true, "\(state.status?.text ?? "")")
    #expect(owner.current.position == state.simulation.position)
    #expect(owner.current.canRedo, "the server's history holds the undone purchase to redo")
  }
}

/// A stand-in for the server beside the UI: it owns the simulation, runs the UI's changes on it,
/// and lets a backend change it between the UI's steps, as `MockAppleState` does.
final class TestOwner: SimulationOwner, @unchecked Sendable {
  private let lock = NSLock()
  private var simulation: WorldSimulation<Simulation>
  private var answers: [ChangeAnswer] = []
  /// How many changes the UI has sent.
  private(set) var changesSent = 0

  init(_ simulation: WorldSimulation<Simulation>) {
    self.simulation = simulation
  }

  var current: WorldSimulation<Simulation> { lock.withLock { simulation } }

  func send<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result, id: Int
  ) {
    lock.withLock {
      changesSent += 1
      let result = change(&simulation)
      answers.append(ChangeAnswer(id: id, result: result, simulation: simulation))
    }
  }

  /// Hands the UI the answers to the changes it sent, as the host does, until none is left (an
  /// answer can make the UI send the next change, as a form's purchases do).
  func answer(_ state: inout TUIState) {
    while true {
      let taken = lock.withLock {
        defer { answers = [] }
        return answers
      }
      guard !taken.isEmpty else { return }
      for answer in taken { state.handle(.changeAnswered(answer)) }
    }
  }

  func backend(_ event: CommerceEvent) throws {
    try lock.withLock { _ = try simulation.apply(.backend(event)) }
  }
}
