import EpsimTUI
import LifecycleSimulator
import Testing
import TextFrame

@Suite("Lists: scrolling, paging, resizing")
struct ListTests {
  /// Kenji with `count` IN_APP tokens, the tokens pane focused.
  static func kenjiWithTokens(_ count: Int) -> TUIState {
    var state = TUIState.demo()
    state.type("jjjjji")
    for _ in 0..<count { state.type("3") }
    state.press(.tab)
    return state
  }

  @Test func selectionMovesOverTokensAndSkipsPeriodHeaders() {
    var state = Self.kenjiWithTokens(3)
    let rows = state.world.tokens.map(\.id)
    #expect(state.selectedIssuedToken?.id == rows.last)
    state.press(.home)
    #expect(state.selectedIssuedToken?.id == rows.first)
    state.type("j")
    #expect(state.selectedIssuedToken?.id == rows[1])
    state.type("kk")
    #expect(state.selectedIssuedToken?.id == rows.first, "stays on the first token")
  }

  @Test func longListsScrollToKeepTheSelectionVisible() {
    var state = Self.kenjiWithTokens(40)
    state.press(.home)
    #expect(state.screen.contains(state.world.tokens[0].token.externalPurchaseId.prefix(20)))
    state.press(.pageDown, .pageDown)
    let selected = state.selectedIssuedToken!.token.externalPurchaseId
    #expect(state.screen.contains(selected.prefix(20)))
    #expect(!state.screen.contains(state.world.tokens[0].token.externalPurchaseId.prefix(20)))
    state.press(.end)
    #expect(state.screen.contains(state.world.tokens[39].token.externalPurchaseId.prefix(20)))
    // Growing and shrinking the terminal keeps the selection on screen.
    for (width, height) in [(60, 16), (200, 60), (61, 17), (80, 24)] {
      state.handle(.resize(width: width, height: height))
      #expect(state.screen.contains(state.world.tokens[39].token.externalPurchaseId.prefix(8 + 5)))
    }
  }

  @Test func logScrollsBackAndFollowsAgain() {
    var state = Self.kenjiWithTokens(10)
    state.press(.tab)  // the log
    #expect(state.focus == .log)
    state.press(.up, .up, .up)
    #expect(state.screen.contains("3 newer below"))
    state.press(.end)
    #expect(!state.screen.contains("newer below"))
    state.press(.home)
    #expect(state.screen.contains("event   install on kenji.iphone"))
    state.type("3")
    #expect(!state.screen.contains("newer below"), "a new event follows the log again")
  }

  @Test func worldPaneWalksCustomersAndDevices() {
    var state = TUIState.demo()
    let order = (0..<7).map { _ -> String in
      defer { state.type("j") }
      return state.selectedDevice?.id ?? "customer:\(state.selectedCustomerId ?? "")"
    }
    #expect(
      order == [
        "alice.iphone", "alice.ipad", "customer:bruno", "bruno.iphone", "customer:kenji", "kenji.iphone",
        "kenji.iphone",
      ])
  }
}
