/// A run of neighbouring cells in one row that differ from the previous frame.
public struct FrameChange: Hashable, Sendable {
  /// The column of the first cell; never a continuation cell, so a backend can start
  /// writing here.
  public let x: Int
  public let y: Int
  /// The new cells from `x` on, continuation cells included.
  public let cells: [Cell]

  public init(x: Int, y: Int, cells: [Cell]) {
    self.x = x
    self.y = y
    self.cells = cells
  }
}
