import Testing
import TextFrame

@Suite("Key labels")
struct KeyTests {
  @Test(arguments: [
    (Key.character("q"), "q", "q"), (.character("?"), "?", "?"), (.character(" "), "Space", "Space"),
    (.escape, "Esc", "Esc"), (.tab, "Tab", "Tab"), (.backTab, "Shift-Tab", "Shift-Tab"),
    (.enter, "Enter", "Enter"), (.up, "↑", "Up"), (.down, "↓", "Down"), (.left, "←", "Left"),
    (.right, "→", "Right"), (.ctrl("c"), "Ctrl-C", "Ctrl-C"), (.function(1), "F1", "F1"),
    (.pageUp, "PgUp", "PgUp"), (.pageDown, "PgDn", "PgDn"), (.home, "Home", "Home"), (.end, "End", "End"),
    (.backspace, "Backspace", "Backspace"), (.delete, "Del", "Del"), (.insert, "Ins", "Ins"),
  ])
  func labels(key: Key, unicode: String, ascii: String) {
    #expect(key.label == unicode)
    #expect(key.asciiLabel == ascii)
    #expect(key.label(for: .unicode) == unicode)
    #expect(key.label(for: .ascii) == ascii)
  }
}
