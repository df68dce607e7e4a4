/// A screen's worth of styled cells, `width` columns by `height` rows.
///
/// UI code draws a whole screen into a fresh `Frame` every time; the terminal backend
/// compares it with the previous one (`diff(from:)`) and writes only what changed. A frame
/// knows nothing about terminals, so every screen can be tested as plain text.
public struct Frame: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// Row-major: the cell at (x, y) is `cells[y * width + x]`.
  public internal(set) var cells: [Cell]

  /// A blank frame; negative sizes count as 0.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The whole frame as a rectangle at (0, 0).
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; both must lie inside the frame.
  public subscript(x: Int, y: Int) -> Cell {
    precondition(bounds.contains(x: x, y: y), "cell (\(x), \(y)) lies outside a \(width)x\(height) frame")
    return cells[y * width + x]
  }

  /// Stores `cell` at (x, y), first blanking the other half of any wide character it cuts in
  /// two, so that a continuation cell always follows the wide character it belongs to.
  mutating func place(_ cell: Cell, x: Int, y: Int) {
    let index = y * width + x
    if cells[index].isContinuation, x > 0 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
    } else if x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = Cell(" ", style: cells[index + 1].style)
    }
    cells[index] = cell
  }
}
