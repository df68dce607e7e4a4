/// A history with a cursor: steps in effect up to `position`, undone ones after it until a new
/// step replaces them. Undo and redo are rewinds by one step, the same for every history.
public protocol UndoableHistory {
  /// How many steps are in effect.
  var position: Int { get }
  /// Steps recorded, undone ones included.
  var stepCount: Int { get }
  /// Puts the cursor after `count` steps (0: before the first).
  mutating func rewind(toStep count: Int)
}

extension UndoableHistory {
  public var canUndo: Bool { position > 0 }
  public var canRedo: Bool { position < stepCount }

  /// Steps back one step; false when there is nothing to undo.
  @discardableResult
  public mutating func undo() -> Bool {
    guard canUndo else { return false }
    rewind(toStep: position - 1)
    return true
  }

  /// Re-applies the next undone step; false when there is none.
  @discardableResult
  public mutating func redo() -> Bool {
    guard canRedo else { return false }
    rewind(toStep: position + 1)
    return true
  }
}
