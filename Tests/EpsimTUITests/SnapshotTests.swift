import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
import TextFrame

/// Whole screens as text after action sequences. Record with EPSIM_RECORD_SNAPSHOTS=1.
@Suite("Screens")
struct SnapshotTests {
  @Test func startScreen() {
    expectSnapshot(TUIState.demo().render(), named: "start-80x24")
  }

  /// The screen docs/tui.md shows: a SERVICES token and its refresh, an ACQUISITION token.
  @Test func servicesWithRefresh() {
    var state = TUIState.demo()
    state.expectScreen(after: "i21f2m", named: "services-refresh-80x24")
  }

  @Test func expiredAtExactlyTheExpiry() {
    var state = TUIState.demo()
    state.expectScreen(after: "i2e", named: "expired-80x24")
  }

  @Test func largeTerminalShowsDetailsBeside() {
    var state = TUIState.demo(width: 200, height: 60)
    state.type("jjjjji34")  // kenji: IN_APP and LINK_OUT
    state.type("kkkkk")  // back to alice.iphone
    state.expectScreen(after: "i21f2oh", named: "full-200x60")
  }

  @Test func tooSmallTerminalSaysSo() {
    var state = TUIState.demo()
    state.handle(.resize(width: 59, height: 15))
    expectSnapshot(state.render(), named: "too-small-59x15")
    state.handle(.resize(width: 60, height: 16))
    state.expectScreen(after: "i2", named: "minimum-60x16")
  }

  @Test func longFormsScrollAtTheMinimumSize() {
    var state = TUIState.demo(width: 60, height: 16)
    state.open("R", atField: 11)  // to the last field, below the first screenful
    expectSnapshot(state.render(), named: "rules-dialog-60x16")
  }

  @Test func asciiLinesWithoutUTF8() {
    var state = TUIState.demo(lineStyle: .ascii)
    state.expectScreen(after: "i2f2 ", named: "ascii-80x24")
  }

  @Test func overlays() {
    var state = TUIState.demo()
    state.expectScreen(after: "i2?", named: "help-80x24")
    state.press(.escape, .enter)
    expectSnapshot(state.render(), named: "details-80x24")
    state.press(.escape)
    state.expectScreen(after: "R", named: "rules-dialog-80x24")
    state.press(.escape)
    state.expectScreen(after: "H", named: "history-80x24")
    state.press(.escape)
    state.expectScreen(after: "/SANDBOX", named: "search-80x24")
  }

  @Test func productionWorld() {
    var state = TUIState(world: DemoWorld.world(rules: .production))
    state.type("i")
    state.press(.tab)
    expectSnapshot(state.render(), named: "production-80x24")
  }
}
