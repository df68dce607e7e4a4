extension Frame {
  /// The runs of cells that differ from `previous`, row by row, left to right.
  ///
  /// With no previous frame, or one of another size (after a resize), every row is one
  /// change: the whole screen must be drawn.
  public func diff(from previous: Frame?) -> [FrameChange] {
    guard let previous, previous.width == width, previous.height == height else {
      return (0..<height).map { row in
        FrameChange(x: 0, y: row, cells: Array(cells[row * width..<(row + 1) * width]))
      }
    }
    var changes: [FrameChange] = []
    for row in 0..<height {
      let start = row * width
      var x = 0
      while x < width {
        guard cells[start + x] != previous.cells[start + x] else {
          x += 1
          continue
        }
        var first = x
        // A run must start on a whole character: include the wide character a changed
        // continuation cell belongs to.
        if cells[start + first].isContinuation, first > 0 { first -= 1 }
        var end = x + 1
        while end < width,
          cells[start + end] != previous.cells[start + end] || cells[start + end].isContinuation
        {
          end += 1
        }
        changes.append(FrameChange(x: first, y: row, cells: Array(cells[start + first..<start + end])))
        x = end
      }
    }
    return changes
  }
}
