import EpsimTUI
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing
import TextFrame

@Suite("No key sequence traps the UI")
struct EscapeTests {
  /// Keys worth mashing: every key of the table plus typing and odd keys.
  static let keys: [Key] =
    Array(Set(KeyTable.all.flatMap(\.keys)).filter { $0 != .character("q") && $0 != .ctrl("c") })
    + [.character("z"), .character("7"), .function(5), .insert, .ctrl("x")]

  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func escapeAlwaysReturnsToTheMainScreen(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var state = TUIState.demo(width: 80 + Int(seed) * 7, height: 24 + Int(seed))
    for _ in 0..<200 {
      let key = Self.keys[Int(generator.next() % UInt64(Self.keys.count))]
      state.press(key)
      if generator.next() % 7 == 0 { state.handle(.tick(elapsedMilliseconds: 500)) }
      if generator.next() % 25 == 0 {
        // Any size, including below the minimum and degenerate ones.
        state.handle(.resize(width: Int(generator.next() % 220), height: Int(generator.next() % 70)))
      }
      _ = state.render()
      // Below the minimum size only quitting acts (Esc too waits until the screen shows again).
      if generator.next() % 20 == 0, !state.isTooSmall {
        state.press(.escape)
        #expect(state.context == .main, "one Esc closes any overlay")
        state.press(.escape)
        #expect(state.context == .main)
      }
    }
    state.handle(.resize(width: 80, height: 24))
    state.press(.escape, .escape)
    #expect(state.context == .main)
    #expect(!state.isFinished)
    state.type("q")
    // With unsaved steps q asks first; q again quits without saving.
    #expect(state.isFinished || state.context == .confirmQuit)
    if state.context == .confirmQuit { state.type("q") }
    #expect(state.isFinished)
  }
}
