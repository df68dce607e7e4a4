import EpsimTUI
import Testing

@testable import EpsimTUI

/// Help that answers (issue 44 item 3): `/` searches it, `?` opens on the focused pane's keys.
@Suite("Help search")
struct HelpSearchTests {
  @Test func slashThenTextKeepsOnlyTheMatchingKeys() {
    var state = TUIState.store(width: 100, height: 30)
    state.type("?/refund")
    #expect(state.context == .helpSearch)
    let screen = state.screen
    #expect(screen.contains("Refund the selected transaction"), "\(screen)")
    #expect(!screen.contains("Install the app"), "\(screen)")
    #expect(screen.contains("/refund"))
    // Enter keeps the matches and scrolls them; Esc closes the help.
    state.press(.enter)
    #expect(state.context == .help)
    #expect(state.screen.contains("Keys matching 'refund'"))
    state.press(.escape)
    #expect(state.overlay == nil)
  }

  @Test func enterOnNothingListsEveryKeyAgainAndEscCloses() {
    var state = TUIState.demo(width: 100, height: 30)
    state.type("?/zzz")
    #expect(state.screen.contains("No key's key, label or help contains 'zzz'"))
    state.press(.enter)
    state.type("/")
    state.press(.ctrl("a"), .ctrl("k"), .enter)
    #expect(state.overlay == .help(scroll: 0))
    #expect(state.screen.contains("Install the app"))
    state.type("/x")
    state.press(.escape)
    #expect(state.overlay == nil, "one Esc closes the help, as every overlay")
  }

  @Test func theFocusedPanesKeysComeFirst() {
    var state = TUIState.store(width: 100, height: 30)
    state.type("?")
    #expect(state.helpLines().first?.text == "Keys for the World pane")
    state.press(.escape)
    state.type("p")
    state.press(.tab)
    #expect(state.focus == .tokens)
    state.type("?")
    let lines = state.helpLines().map(\.text)
    #expect(lines.first == "Keys for the Purchases pane")
    #expect(lines.prefix(while: { !$0.isEmpty }).contains { $0.contains("Refund the selected transaction") })
  }
}
