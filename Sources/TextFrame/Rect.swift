/// A rectangle of cells: `x`, `y` of the top-left cell, `width` columns, `height` rows.
///
/// Negative sizes are stored as 0, so layout arithmetic that runs out of room yields empty
/// rectangles instead of traps.
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The column just right of the rectangle.
  public var maxX: Int { x + width }
  /// The row just below the rectangle.
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  public func contains(x: Int, y: Int) -> Bool {
    x >= self.x && x < maxX && y >= self.y && y < maxY
  }

  /// The cells both rectangles cover (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle shrunk by `horizontal` columns on the left and right and `vertical` rows
  /// at the top and bottom; for example the inside of a box is `inset(horizontal: 1, vertical: 1)`.
  public func inset(horizontal: Int, vertical: Int) -> Rect {
    Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
  }

  /// A rectangle of the given size centred in this one (clipped to it), for dialogs and notices.
  public func centered(width: Int, height: Int) -> Rect {
    let width = min(max(0, width), self.width)
    let height = min(max(0, height), self.height)
    return Rect(
      x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
  }
}
