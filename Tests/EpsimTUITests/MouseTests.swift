import EpsimTUI
import Testing
import TextFrame

@testable import EpsimTUI

/// The mouse (issue 44 item 2): a click focuses a pane and selects the row under it, the wheel
/// scrolls, a click on a footer key does what the key does; all through the keys' own steps.
@Suite("Mouse")
struct MouseTests {
  /// The screen row on which `text` first appears.
  static func row(of text: String, in state: TUIState) throws -> Int {
    try #require(state.render().lines.firstIndex { $0.contains(text) })
  }

  @Test func aClickSelectsTheDeviceUnderItAndFocusesTheWorld() throws {
    var state = TUIState.demo(width: 100, height: 30)
    state.press(.tab)  // focus the tokens pane first
    let y = try Self.row(of: "kenji.iphone", in: state)
    state.handle(.mouse(MouseEvent(.press, x: 5, y: y)))
    #expect(state.focus == .world)
    #expect(state.selectedDevice?.id == "kenji.iphone")
  }

  @Test func aClickOnATokenSelectsIt() throws {
    var state = TUIState.demo(width: 100, height: 30)
    state.type("i21")  // SERVICES, then ACQUISITION: the newest is selected
    let first = try #require(state.world.tokens.first)
    let y = try Self.row(of: String(first.token.externalPurchaseId.prefix(20)), in: state)
    state.handle(.mouse(MouseEvent(.press, x: state.layout.tokens.x + 5, y: y)))
    #expect(state.focus == .tokens)
    #expect(state.selectedIssuedToken?.token.externalPurchaseId == first.token.externalPurchaseId)
  }

  @Test func theWheelScrollsTheLogUnderThePointer() {
    var state = TUIState.demo(width: 100, height: 30)
    for _ in 0..<12 { state.type("s") }
    let log = state.layout.log
    #expect(state.screen.contains("clock to 2026-03-01T09:00:12.000Z"))
    state.handle(.mouse(MouseEvent(.wheelUp, x: log.x + 3, y: log.y + 2)))
    #expect(state.focus == .log)
    #expect(!state.screen.contains("clock to 2026-03-01T09:00:12.000Z"))
    #expect(state.screen.contains("clock to 2026-03-01T09:00:09.000Z"))
    state.handle(.mouse(MouseEvent(.wheelDown, x: log.x + 3, y: log.y + 2)))
    #expect(state.screen.contains("clock to 2026-03-01T09:00:12.000Z"))
  }

  @Test func aClickOnAFooterKeyRunsItAndOnMoreOpensTheHelp() throws {
    var state = TUIState.demo(width: 80, height: 24)
    let footer = state.layout.footer
    let plan = state.footerPlan(width: footer.width, rows: footer.height)
    let install = try #require(plan.items.first { $0.binding.action == .install })
    state.handle(.mouse(MouseEvent(.press, x: footer.x + install.x + 1, y: footer.y + install.row)))
    #expect(state.selectedDevice?.isAppInstalled == true)
    let newPlan = state.footerPlan(width: footer.width, rows: footer.height)
    let more = try #require(newPlan.tail.first)
    state.handle(.mouse(MouseEvent(.press, x: footer.x + more.x + 2, y: footer.y + more.row)))
    #expect(state.context == .help)
    // The wheel scrolls the help; a click in it does nothing.
    state.handle(.mouse(MouseEvent(.wheelDown, x: 10, y: 10)))
    #expect(state.overlay == .help(scroll: 3))
    state.handle(.mouse(MouseEvent(.press, x: 10, y: 10)))
    #expect(state.overlay == .help(scroll: 3))
  }

  @Test func hostileCoordinatesDoNothing() {
    var state = TUIState.demo()
    let before = state.render().text
    for (x, y) in [(-1, -1), (Int.max, Int.max), (Int.min, 5), (5, Int.min), (1000, 3)] {
      state.handle(.mouse(MouseEvent(.press, x: x, y: y)))
      state.handle(.mouse(MouseEvent(.wheelUp, x: x, y: y)))
    }
    #expect(state.render().text == before)
  }
}
