import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld
import Testing

/// `WorldSimulation.move`: the one judge of undo, redo and rewind for every door, and the origin
/// each step keeps.
@Suite("WorldSimulation: history moves judged by the simulation")
struct HistoryMoveTests {
  /// alice installs and buys the monthly plan (from the UI), then a backend sets its app account
  /// token, then the control API moves the clock a day: four steps.
  static func session() throws -> WorldSimulation<Simulation> {
    var simulation = WorldSimulationHistoryTests.simulation()
    try simulation.apply(.install(device: "alice.iphone"), origin: .terminalUI)
    try simulation.apply(.commerce(WorldSimulationHistoryTests.buy), origin: .terminalUI)
    let original = try #require(simulation.store?.state.transactions.last?.originalTransactionId)
    try simulation.apply(
      .backend(
        .setAppAccountToken(
          originalTransactionId: String(original), token: "7e3fb20b-4cdd-4295-9b9c-9f0e5c1a0f11")),
      origin: .appleAPI)
    try simulation.apply(.advance(.by(86_400_000)), origin: .controlAPI)
    return simulation
  }

  @Test func eachStepKeepsTheDoorThatMadeIt() throws {
    let simulation = try Self.session()
    #expect(
      (1...4).map { simulation.entry($0).origin } == [.terminalUI, .terminalUI, .appleAPI, .controlAPI])
  }

  @Test func anUndoAfterTheBackendsStepIsMadeAndOnePastItIsRefusedNamingIt() throws {
    var simulation = try Self.session()
    let undone = simulation.move(.undo)
    let moved = try undone.get()
    #expect(moved.from == 4 && moved.to == 3 && moved.head == simulation.head)
    guard case .failure(let refusal) = simulation.move(.undo) else {
      Issue.record("an undo past the backend's step was made")
      return
    }
    #expect(refusal.reason == .backendStep)
    #expect(refusal.step == 3)
    #expect(simulation.position == 3, "a refused move changes nothing")
    let message = refusal.message { simulation.summary(ofStep: $0) }
    #expect(message.contains("cannot go back past step 3"))
    #expect(message.contains("backend set app account token 7e3fb20b-4cdd-4295-9b9c-9f0e5c1a0f11"))
    #expect(simulation.move(.rewind(toStep: 1)) == .failure(refusal), "a rewind past it too")
  }

  @Test func aMoveFromAHeadThatMovedIsRefused() throws {
    var simulation = try Self.session()
    let seen = simulation.head
    try simulation.apply(.advance(.by(1)), origin: .controlAPI)
    guard case .failure(let refusal) = simulation.move(.undo, seen: seen) else {
      Issue.record("an undo from a stale head was made")
      return
    }
    #expect(refusal.reason == .headMoved)
    #expect(refusal.head == simulation.head)
    #expect(refusal.step == 5, "the newest step, the one the door had not seen")
    #expect(simulation.position == 5)
    #expect(throws: Never.self) { try simulation.move(.undo, seen: simulation.head).get() }
  }

  @Test func nothingToUndoNothingToRedoAndNoSuchStepAreRefused() throws {
    var simulation = WorldSimulationHistoryTests.simulation()
    #expect(simulation.move(.undo).failureReason == .nothingToUndo)
    #expect(simulation.move(.redo).failureReason == .nothingToRedo)
    try simulation.apply(.install(device: "alice.iphone"))
    #expect(simulation.move(.rewind(toStep: 2)).failureReason == .noSuchStep)
    #expect(simulation.move(.rewind(toStep: -1)).failureReason == .noSuchStep)
    #expect(simulation.move(.rewind(toStep: Int.max)).failureReason == .noSuchStep)
    #expect(try simulation.move(.rewind(toStep: 0)).get().to == 0)
    #expect(try simulation.move(.redo).get().to == 1)
  }

  @Test func aNewWorldIsAnotherGenerationOfTheHead() throws {
    let simulation = try Self.session()
    let fresh = simulation.startingOver(FreshStart(seed: 7, environment: .sandbox))
    #expect(fresh.head.world == simulation.head.world + 1)
    #expect(fresh.head.steps == 0)
  }
}

extension Result where Success == HistoryMoved, Failure == HistoryRefusal {
  var failureReason: HistoryRefusal.Reason? {
    if case .failure(let refusal) = self { refusal.reason } else { nil }
  }
}
