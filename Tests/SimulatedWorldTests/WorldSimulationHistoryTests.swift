import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld
import Testing

/// `WorldSimulation` on its own, as every door drives it: commands all or nothing, and undo, redo
/// and rewind landing on the token world and the App Store a replay of the same steps gives.
@Suite("WorldSimulation: one history for the token world and its App Store")
struct WorldSimulationHistoryTests {
  /// The demo world beside the demo App Store, as `swift run epsim` opens it.
  static func simulation() -> WorldSimulation<Simulation> {
    let world = DemoWorld.world()
    return WorldSimulation(
      tokens: Simulation(initial: world), store: CommerceWorld(products: DemoCatalog.products, world: world))
  }

  static let buy = CommerceStep.buy(
    product: "premium.monthly", device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil)
  static let nextRenewal = WorldCommand.advance(.commerce(.renewal, customer: "alice", offset: 0))

  /// alice installs the app, buys the monthly plan and it renews twice: four steps.
  static func session() throws -> WorldSimulation<Simulation> {
    var simulation = simulation()
    for command in [.install(device: "alice.iphone"), .commerce(buy), nextRenewal, nextRenewal] {
      try simulation.apply(command)
    }
    return simulation
  }

  @Test func undoTakesBackAPurchaseAndRedoBringsTheSameOneBack() throws {
    var simulation = Self.simulation()
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.commerce(Self.buy))
    let bought = try #require(simulation.store?.state)
    #expect(bought.transactions.count == 1)
    #expect(simulation.position == 2)
    #expect(simulation.entry(2).purchase == Self.buy)
    #expect(!simulation.entry(2).storeEvents.isEmpty, "the history keeps what the App Store did")
    let undone = simulation.undo()
    #expect(undone)
    #expect(simulation.store?.state.transactions.isEmpty == true)
    #expect(simulation.world.device("alice.iphone")?.isAppInstalled == true, "the install stays")
    let redone = simulation.redo()
    #expect(redone)
    #expect(simulation.store?.state == bought)
    #expect(!simulation.canRedo, "nothing left to redo")
  }

  @Test(arguments: 0...4)
  func rewindingGivesTheWorldAndTheStoreOfAReplayOfTheStepsBefore(_ count: Int) throws {
    var simulation = try Self.session()
    let steps = simulation.appliedSteps
    simulation.rewind(toStep: count)
    var replay = Self.simulation()
    for step in steps.prefix(count) { try replay.apply(step) }
    #expect(simulation.position == count)
    #expect(simulation.world == replay.world)
    #expect(simulation.store?.state == replay.store?.state)
    #expect(simulation.store?.state.transactions.count == max(0, count - 1))
  }

  @Test func aNewStepAfterAnUndoDropsTheUndoneSteps() throws {
    var simulation = try Self.session()
    simulation.rewind(toStep: 2)
    #expect(simulation.stepCount == 4)
    try simulation.apply(.commerce(.autoRenew(customer: "alice", group: "premium", enabled: false)))
    #expect(simulation.position == 3)
    #expect(simulation.stepCount == 3)
    #expect(!simulation.canRedo)
  }

  @Test func aRefusedCommandChangesNothing() throws {
    var simulation = Self.simulation()
    try simulation.apply(.install(device: "alice.iphone"))
    let before = simulation
    #expect(throws: SimulationError.self) { try simulation.apply(.install(device: "alice.iphone")) }
    // Two events refused at the second: the first is taken back too.
    #expect(throws: SimulationError.self) {
      try simulation.apply(.events([.install(device: "kenji.iphone"), .install(device: "nobody.iphone")]))
    }
    #expect(simulation.world == before.world)
    #expect(simulation.store?.state == before.store?.state)
    #expect(simulation.position == before.position)
    #expect(simulation.revision == before.revision)
  }

  @Test func aWorldThatSellsNothingRefusesPurchasesAndBackendChanges() {
    var simulation = WorldSimulation(tokens: Simulation(initial: DemoWorld.world()), store: nil)
    #expect(throws: SimulationError("no product is declared; add a 'product' line")) {
      try simulation.apply(.commerce(Self.buy))
    }
    #expect(throws: SimulationError("this world has no App Store")) {
      try simulation.apply(
        .backend(
          .setAppAccountToken(originalTransactionId: "1", token: "7e3b2a1c-4d5e-4f60-8a9b-0c1d2e3f4a5b")))
    }
    #expect(simulation.position == 0)
  }

  @Test func theLastCustomerNamedFollowsTheHistory() throws {
    var simulation = Self.simulation()
    try simulation.apply(.install(device: "kenji.iphone"))
    #expect(simulation.lastCustomer == "kenji")
    try simulation.apply(.forceRefresh)
    #expect(simulation.lastCustomer == "kenji", "a command naming no one keeps the last customer")
    simulation.rewind(toStep: 0)
    #expect(simulation.lastCustomer == nil)
    simulation.rewind(toStep: 1)
    #expect(simulation.lastCustomer == "kenji")
  }

  @Test func storeEventsAreHandedOverWholeOnceEach() throws {
    var simulation = Self.simulation()
    simulation.collectsStoreEvents = true
    try simulation.apply(.install(device: "alice.iphone"))
    let applied = try simulation.apply(.commerce(Self.buy))
    #expect(!applied.storeEvents.isEmpty)
    #expect(simulation.takeStoreEvents() == applied.storeEvents)
    #expect(simulation.takeStoreEvents().isEmpty)
  }
}
