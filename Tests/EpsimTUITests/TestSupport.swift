import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
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

  /// Types `keys`, then checks the whole screen against the snapshot `name` beside the calling test.
  mutating func expectScreen(
    after keys: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    type(keys)
    expectSnapshot(render(), named: name, filePath: filePath, sourceLocation: sourceLocation)
  }

  /// Replaces the focused text field's contents in an open dialog with `text`.
  mutating func replaceField(with text: String) {
    press(.ctrl("a"), .ctrl("k"))
    type(text)
  }

  /// Types `keys` (the last opens a dialog) and tabs to the dialog's field `field`, 0 the first.
  mutating func open(_ keys: String, atField field: Int) {
    type(keys)
    for _ in 0..<field { press(.tab) }
  }

  /// Replaces the focused text field's contents with `text` and presses Enter: submits the dialog.
  mutating func submit(_ text: String) {
    replaceField(with: text)
    press(.enter)
  }

  /// Expects a dialog still open (after a refused submit, say) and the screen showing `message`.
  func expectDialogKept(saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(context == .dialog, sourceLocation: sourceLocation)
    #expect(screen.contains(message), "\(screen)", sourceLocation: sourceLocation)
  }

  /// The open dialog; nil when the overlay is anything else or there is none.
  var openDialog: Dialog? {
    guard case .dialog(let dialog) = overlay else { return nil }
    return dialog
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
