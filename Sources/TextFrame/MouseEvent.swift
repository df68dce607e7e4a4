/// A mouse action on a cell of the screen: a press of the first button or a turn of the wheel.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    case press
    case wheelUp
    case wheelDown
  }

  public var kind: Kind
  /// The cell's column and row, from 0 at the top left.
  public var x: Int
  public var y: Int

  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}
