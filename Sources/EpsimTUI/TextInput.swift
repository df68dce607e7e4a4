/// A one-line text field's contents and cursor, edited by form and prompt keys.
public struct TextInput: Hashable, Sendable {
  public private(set) var text: [Character]
  /// Position of the cursor, 0...text.count.
  public private(set) var cursor: Int

  public init(_ text: String = "") {
    self.text = Array(text)
    self.cursor = self.text.count
  }

  public var string: String { String(text) }

  /// Inserts a typed character at the cursor.
  public mutating func insert(_ character: Character) {
    text.insert(character, at: cursor)
    cursor += 1
  }

  /// Applies an editing action; false when the action is not about editing text.
  @discardableResult
  public mutating func edit(_ action: Action) -> Bool {
    switch action {
    case .cursorLeft: cursor = max(0, cursor - 1)
    case .cursorRight: cursor = min(text.count, cursor + 1)
    case .cursorStart: cursor = 0
    case .cursorEnd: cursor = text.count
    case .deleteBackward:
      guard cursor > 0 else { return true }
      text.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < text.count else { return true }
      text.remove(at: cursor)
    case .deleteToStart:
      text.removeSubrange(..<cursor)
      cursor = 0
    case .deleteToEnd:
      text.removeSubrange(cursor...)
    default: return false
    }
    return true
  }
}
