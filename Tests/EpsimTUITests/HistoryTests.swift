import EpsimTUI
import LifecycleSimulator
import Testing

@Suite("Update: history")
struct HistoryTests {
  @Test func undoAndRedo() {
    var state = TUIState.demo()
    state.type("i2h")
    #expect(state.world.tokens.count == 1)
    state.type("[[")
    #expect(state.world.tokens.isEmpty)
    #expect(state.world.now == DemoWorld.startTime)
    #expect(state.selectedIssuedToken == nil)
    state.type("]")
    #expect(state.world.tokens.count == 1)
    #expect(state.selectedIssuedToken != nil)
    state.type("]]")
    #expect(state.status?.text == "nothing to redo")
    state.type("[[[[")
    #expect(state.status?.text.contains("nothing to undo") == true)
  }

  @Test func historyDialogRewindsToAChosenStep() {
    var state = TUIState.demo()
    state.type("i2mh")
    state.type("H")
    #expect(state.context == .history)
    #expect(state.screen.contains("initial world"))
    #expect(state.screen.contains("install on alice.iphone"))
    state.press(.up, .up)
    state.press(.enter)
    #expect(state.context == .main)
    #expect(state.simulation.position == 2)
    #expect(state.world.now == DemoWorld.startTime)
    #expect(state.world.tokens.count == 1)
    // Undone steps stay listed and can be redone from the dialog.
    state.type("H")
    state.press(.end, .enter)
    #expect(state.simulation.position == 4)
  }

  @Test func aNewEventAfterUndoDropsTheRedoBranchAndTheIndexFollows() {
    var state = TUIState.demo()
    state.type("i22")
    state.type("f2")
    #expect(state.world.tokens.count == 2)
    state.type("[[")
    state.type("1")
    #expect(state.world.tokens.count == 2)
    #expect(state.world.tokens.map(\.token.tokenType) == [.services, .acquisition])
    #expect(state.selectedIssuedToken?.token.tokenType == .acquisition)
    #expect(!state.simulation.canRedo)
    #expect(state.screen.contains("ACQUISITION #1"))
    #expect(!state.screen.contains("refresh "))
  }
}

@Suite("Opening a simulation with history")
struct SimulationHistoryTests {
  @Test func replayedEventsAreUndoable() throws {
    let simulation = try Simulation.replaying(
      [.install(device: "alice.iphone"), .requestToken(device: "alice.iphone", type: .services)],
      over: DemoWorld.world())
    var state = TUIState(simulation: simulation)
    #expect(state.selectedIssuedToken?.token.tokenType == .services)
    #expect(state.screen.contains("SERVICES #1"))
    state.type("[")
    #expect(state.world.tokens.isEmpty)
  }
}
