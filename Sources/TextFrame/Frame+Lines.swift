extension Frame {
  /// Draws a horizontal line of `length` cells starting at (x, y), clipped to the frame.
  public mutating func horizontalLine(
    x: Int, y: Int, length: Int, lineStyle: LineStyle, style: Style = .plain
  ) {
    fill(Rect(x: x, y: y, width: length, height: 1), with: lineStyle.horizontal, style: style)
  }

  /// Draws a vertical line of `length` cells downwards from (x, y), clipped to the frame.
  public mutating func verticalLine(x: Int, y: Int, length: Int, lineStyle: LineStyle, style: Style = .plain)
  {
    fill(Rect(x: x, y: y, width: 1, height: length), with: lineStyle.vertical, style: style)
  }

  /// Draws the border of `rect` with an optional title in its top edge: `┌─ Title ───┐`.
  ///
  /// The inside is left alone (draw into `rect.inset(horizontal: 1, vertical: 1)`). A title too
  /// long for the edge is cut short with the line style's ellipsis. Rectangles smaller than
  /// 2x2 have no room for a border and are left alone.
  public mutating func box(
    _ rect: Rect, title: String? = nil, lineStyle: LineStyle, style: Style = .plain, titleStyle: Style? = nil
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    horizontalLine(x: rect.x + 1, y: rect.y, length: rect.width - 2, lineStyle: lineStyle, style: style)
    horizontalLine(x: rect.x + 1, y: bottom, length: rect.width - 2, lineStyle: lineStyle, style: style)
    verticalLine(x: rect.x, y: rect.y + 1, length: rect.height - 2, lineStyle: lineStyle, style: style)
    verticalLine(x: right, y: rect.y + 1, length: rect.height - 2, lineStyle: lineStyle, style: style)
    put(String(lineStyle.topLeft), x: rect.x, y: rect.y, style: style)
    put(String(lineStyle.topRight), x: right, y: rect.y, style: style)
    put(String(lineStyle.bottomLeft), x: rect.x, y: bottom, style: style)
    put(String(lineStyle.bottomRight), x: right, y: bottom, style: style)
    if let title, !title.isEmpty {
      // Two cells of line stay visible at each end: the corner and one dash.
      let room = rect.width - 4
      let shown = DisplayWidth.truncated(" \(title) ", toWidth: room, ellipsis: lineStyle.ellipsis)
      put(shown, x: rect.x + 2, y: rect.y, style: titleStyle ?? style, clip: rect)
    }
  }

  /// Draws `lineStyle.bar(fraction:width:)` at (x, y), clipped to the frame.
  public mutating func bar(
    fraction: Double, x: Int, y: Int, width: Int, lineStyle: LineStyle, style: Style = .plain
  ) {
    put(lineStyle.bar(fraction: fraction, width: width), x: x, y: y, style: style)
  }
}
