import CNCurses
import Testing
import TextFrame

@testable import TerminalBackend

@Suite("Translating curses input into keys")
struct CursesKeysTests {
  @Test(arguments: [
    (UInt32(0x0D), Key.enter), (0x0A, .enter), (0x09, .tab), (0x1B, .escape), (0x7F, .backspace),
    (0x08, .backspace), (0x01, .ctrl("a")), (0x03, .ctrl("c")), (0x1A, .ctrl("z")),
    (0x71, .character("q")), (0x20, .character(" ")), (0xE9, .character("é")), (0x65E5, .character("日")),
  ])
  func characters(value: UInt32, key: Key) {
    #expect(CursesKeys.key(fromCharacter: value) == key)
  }

  @Test(arguments: [UInt32(0x00), 0x1C, 0x1F, 0x85, 0xD800])
  func charactersWithoutAKey(value: UInt32) {
    #expect(CursesKeys.key(fromCharacter: value) == nil)
  }

  @Test func functionKeyCodes() {
    #expect(CursesKeys.key(fromCode: epsim_key_up()) == .up)
    #expect(CursesKeys.key(fromCode: epsim_key_page_down()) == .pageDown)
    #expect(CursesKeys.key(fromCode: epsim_key_back_tab()) == .backTab)
    #expect(CursesKeys.key(fromCode: epsim_key_backspace()) == .backspace)
    #expect(CursesKeys.key(fromCode: epsim_key_f(1)) == .function(1))
    #expect(CursesKeys.key(fromCode: epsim_key_f(12)) == .function(12))
    #expect(CursesKeys.key(fromCode: epsim_key_f(0)) == nil)
    #expect(CursesKeys.key(fromCode: epsim_key_resize()) == nil)
  }
}
