import CNCurses
import TextFrame

/// Translates what curses' `get_wch` reports into `Key`s.
enum CursesKeys {
  private static let named: [Int32: Key] = [
    epsim_key_up(): .up, epsim_key_down(): .down, epsim_key_left(): .left, epsim_key_right(): .right,
    epsim_key_home(): .home, epsim_key_end(): .end, epsim_key_page_up(): .pageUp,
    epsim_key_page_down(): .pageDown, epsim_key_backspace(): .backspace, epsim_key_delete(): .delete,
    epsim_key_insert(): .insert, epsim_key_back_tab(): .backTab, epsim_key_enter(): .enter,
  ]

  /// The key for a function-key code (`get_wch` returned `KEY_CODE_YES`), or nil for codes
  /// epsim does not use.
  static func key(fromCode code: Int32) -> Key? {
    if let key = named[code] { return key }
    let function = code - epsim_key_f(0)
    return (1...63).contains(function) ? .function(Int(function)) : nil
  }

  /// The key for a character `get_wch` returned, or nil for control characters without a key.
  ///
  /// With `nonl()` Enter arrives as carriage return; terminals send either DEL or Ctrl-H for
  /// Backspace, so both count as Backspace (Ctrl-H is therefore never `.ctrl("h")`).
  static func key(fromCharacter value: UInt32) -> Key? {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x1B: return .escape
    case 0x08, 0x7F: return .backspace
    case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(0x60 + value))))
    case 0x00...0x1F, 0x80...0x9F: return nil
    default: return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }
}
