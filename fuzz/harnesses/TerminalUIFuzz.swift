import AppStoreCommerce
import EpsimTUI
import LifecycleSimulator
import TextFrame

/// Keys that reach the UI: every printable ASCII character and every special key.
let keys: [Key] =
  (32...126).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
  + [
    .enter, .escape, .tab, .backTab, .backspace, .delete, .insert, .up, .down, .left, .right, .pageUp,
    .pageDown, .home, .end, .function(1), .ctrl("a"), .ctrl("k"), .ctrl("u"), .ctrl("c"),
  ]

/// The UI on the demo world, built once: a value, so each input starts from its own copy.
let startingState = TUIState(world: DemoWorld.world(), products: DemoCatalog.products, width: 80, height: 24)

/// libFuzzer entry point for the terminal UI's pure state: random keys, window sizes (0 to 300
/// columns, 0 to 100 rows) and clock ticks (at most 100 an input), each handled and the screen
/// drawn every 32nd and at the end, as the terminal loop does. Effects (files, clipboard) are
/// only asked for, never carried out, here.
@_cdecl("LLVMFuzzerTestOneInput")
public func terminalUIFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var state = startingState
  var index = 0
  func next() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }
  var events = 0
  while index < bytes.count, events < 100 {
    events += 1
    let byte = next()
    switch byte {
    case 0xF0...0xF7:
      _ = state.handle(.resize(width: Int(next()) % 301, height: Int(next()) % 101))
    case 0xEC...0xEF:
      // A press or wheel turn anywhere, off the screen too (the UI must ignore what misses).
      let kinds: [MouseEvent.Kind] = [.press, .press, .wheelUp, .wheelDown]
      let x = Int(Int8(bitPattern: next())) * 2
      let y = Int(Int8(bitPattern: next()))
      _ = state.handle(.mouse(MouseEvent(kinds[Int(byte - 0xEC)], x: x, y: y)))
    case 0xF8...0xFB:
      let elapsed = Int64(next()) << 24 | Int64(next()) << 16 | Int64(next()) << 8 | Int64(next())
      _ = state.handle(.tick(elapsedMilliseconds: elapsed))
    default:
      _ = state.handle(.key(keys[Int(byte) % keys.count]))
    }
    if events % 32 == 0 { _ = state.render() }
  }
  _ = state.render()
  return 0
}
