import AppStoreCommerce
import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing

/// While "Terminal too small" is shown only quitting and resizing act (issue 29, point 6).
@Suite("Terminal too small")
struct TooSmallTests {
  /// QA's sequence: the buy form open, the terminal shrunk, Enter, back to size: nothing bought.
  @Test func enterInAHiddenFormBuysNothing() {
    var state = TUIState.store()
    state.type("pb")
    state.handle(.resize(width: 40, height: 10))
    state.press(.enter)
    state.handle(.resize(width: 80, height: 24))
    #expect(state.store.state.transactions.isEmpty)
    #expect(state.context == .dialog, "the form is as it was")
  }

  @Test func clockKeysAndPlayDoNothingUnseen() {
    var state = TUIState.demo()
    state.type(" ")  // playing
    state.handle(.resize(width: 59, height: 15))
    state.type("ssdh<e>g")
    state.handle(.tick(elapsedMilliseconds: 60_000))
    #expect(state.world.now == DemoWorld.startTime)
    #expect(state.simulation.position == 0)
    state.handle(.resize(width: 80, height: 24))
    #expect(state.context == .main)
  }

  @Test(arguments: [(59, 15), (40, 10), (20, 5)])
  func quitStillActsAndAsksFirst(width: Int, height: Int) {
    var state = TUIState.demo()
    state.type("i")  // an unsaved step
    state.handle(.resize(width: width, height: height))
    state.type("q")
    #expect(state.context == .confirmQuit)
    state.type("i")  // no other key acts in the prompt either
    #expect(state.context == .confirmQuit && !state.isFinished)
    state.press(.escape)
    #expect(state.context == .main && !state.isFinished)
    state.press(.ctrl("c"), .ctrl("c"))
    #expect(state.isFinished)
  }

  @Test func theNoticeSaysWhatStillActs() {
    var state = TUIState.demo()
    state.type("i")
    state.handle(.resize(width: 59, height: 15))
    expectSnapshot(state.render(), named: "too-small-keys-59x15")
    state.type("q")
    expectSnapshot(state.render(), named: "too-small-quit-59x15")
  }
}
