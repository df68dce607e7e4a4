extension Rect {
  /// Splits the rectangle into rows from top to bottom, one per size.
  ///
  /// Fixed and fractional sizes are served first, in order, each clipped to the room left;
  /// the rest is shared by the `.fill` parts, the earlier ones getting one extra cell when it
  /// does not divide evenly. Without a `.fill` part, leftover room stays unused.
  public func rows(_ sizes: [LayoutSize]) -> [Rect] {
    Rect.lengths(sizes, total: height).map { Rect(x: x, y: y + $0.offset, width: width, height: $0.length) }
  }

  /// Splits the rectangle into columns from left to right, one per size (rules as in `rows(_:)`).
  public func columns(_ sizes: [LayoutSize]) -> [Rect] {
    Rect.lengths(sizes, total: width).map { Rect(x: x + $0.offset, y: y, width: $0.length, height: height) }
  }

  /// Offset and length of each part along one axis of `total` cells.
  static func lengths(_ sizes: [LayoutSize], total: Int) -> [(offset: Int, length: Int)] {
    var lengths = [Int](repeating: 0, count: sizes.count)
    var left = total
    for (index, size) in sizes.enumerated() {
      let wanted: Int
      switch size {
      case .fixed(let cells): wanted = cells
      case .fraction(let share):
        // Clamped before converting, so that no share can trap; Int(_:) rounds down here.
        wanted = share.isNaN ? 0 : Int(Double(total) * min(1, max(0, share)))
      case .fill: continue
      }
      lengths[index] = min(max(0, wanted), left)
      left -= lengths[index]
    }
    let fills = sizes.indices.filter { sizes[$0] == .fill }
    for (rank, index) in fills.enumerated() {
      lengths[index] = left / fills.count + (rank < left % fills.count ? 1 : 0)
    }
    var offset = 0
    return lengths.map { length in
      defer { offset += length }
      return (offset, length)
    }
  }
}
