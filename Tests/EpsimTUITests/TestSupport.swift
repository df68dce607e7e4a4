import EpsimTUI
import LifecycleSimulator
import TextFrame

extension TUIState {
  /// The UI on the demo world (sandbox rules) at a terminal size.
  static func demo(width: Int = 80, height: Int = 24, lineStyle: LineStyle = .unicode) -> TUIState {
    TUIState(world: DemoWorld.world(), lineStyle: lineStyle, width: width, height: height)
  }

  /// Presses each character of `keys` as a key; returns every effect asked for.
  @discardableResult
  mutating func type(_ keys: String) -> [Effect] {
    keys.flatMap { handle(.key(.character($0))) }
  }

  /// Presses special keys in order.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { handle(.key($0)) }
  }

  /// Replaces the focused text field's contents in an open dialog with `text`.
  mutating func replaceField(with text: String) {
    press(.ctrl("a"), .ctrl("k"))
    type(text)
  }

  /// Every screen of a scrolling overlay, paging down `pages` times, joined: what a reader sees.
  mutating func screensPagingDown(_ pages: Int) -> String {
    var seen = ""
    for _ in 0..<pages {
      seen += screen
      press(.pageDown)
    }
    return seen
  }

  /// The text of the rendered screen.
  var screen: String { render().text }
}
