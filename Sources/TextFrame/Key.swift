/// A key press, independent of any terminal library.
///
/// Terminal resizes are not keys; the backend reports them as their own event.
public enum Key: Hashable, Sendable {
  /// A printable character, including space.
  case character(Character)
  case enter
  case escape
  case tab
  /// Shift-Tab.
  case backTab
  case backspace
  case delete
  case insert
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// F1, F2, ...: the number of the function key.
  case function(Int)
  /// A control key, holding its lower-case letter: Ctrl-A is `.ctrl("a")`.
  case ctrl(Character)

  /// A short name for footers and help screens: "q", "Space", "Esc", "↑", "Ctrl-C", "F1".
  public var label: String {
    switch self {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    default: asciiLabel
    }
  }

  /// Like `label`, but pure ASCII ("Up" rather than "↑") for terminals without UTF-8.
  public var asciiLabel: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .insert: "Ins"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .function(let number): "F\(number)"
    case .ctrl(let letter): "Ctrl-\(letter.uppercased())"
    }
  }

  /// The label that suits `lineStyle`: arrows only where Unicode can be shown.
  public func label(for lineStyle: LineStyle) -> String {
    lineStyle == .unicode ? label : asciiLabel
  }
}
