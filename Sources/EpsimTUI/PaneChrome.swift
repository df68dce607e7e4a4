import TextFrame

/// What every pane and overlay draws the same way: a pane's border and title (highlighted with
/// the focus), a hint in an empty list, the rows of a list that fit with the selection marked,
/// names fitted to their room, and an overlay's box.
struct PaneChrome: Sendable {
  var lineStyle: LineStyle
  /// The pane with the focus; nil while an overlay covers the screen.
  var focus: Pane?

  /// A pane's border and title, highlighted when it has the focus; returns the inside.
  func drawPane(_ title: String, into frame: inout Frame, in rect: Rect, pane: Pane?) -> Rect {
    let focused = pane != nil && pane == focus
    frame.box(
      rect, title: title, lineStyle: lineStyle, style: focused ? Theme.focusedBorder : Theme.plain,
      titleStyle: focused ? Theme.focusedBorder : Theme.bold)
    return rect.inset(horizontal: 1, vertical: 1)
  }

  /// A dim hint, wrapped, in an empty list pane.
  func drawEmptyListHint(_ hint: String, into frame: inout Frame, in inside: Rect) {
    for (row, line) in TextWrap.lines(hint, width: inside.width).prefix(inside.height).enumerated() {
      frame.put(line, x: inside.x + 1, y: inside.y + row, style: Theme.dim, clip: inside)
    }
  }

  /// The rows of a list pane that fit from `scroll`: `draw` draws row `row` in the area beside the
  /// selection gutter, and the selected row is marked.
  func drawListRows(
    into frame: inout Frame, in inside: Rect, scroll: Int, count: Int, selected: Int?,
    draw: (_ row: Int, _ area: Rect, _ frame: inout Frame) -> Void
  ) {
    for line in 0..<inside.height {
      let row = scroll + line
      guard row < count else { break }
      let rowRect = Rect(x: inside.x, y: inside.y + line, width: inside.width, height: 1)
      draw(row, rowRect.withoutGutter, &frame)
      if row == selected { markSelected(rowRect, into: &frame) }
    }
  }

  /// Marks a list row as selected: reverse video, and a pointer in its first column so the
  /// selection also shows where attributes do not (monochrome terminals, text snapshots).
  func markSelected(_ row: Rect, into frame: inout Frame) {
    frame.put(lineStyle == .unicode ? "▸" : ">", x: row.x, y: row.y)
    frame.restyle(row) { $0.attributes.insert(.reverse) }
  }

  /// `before + name + after` in at most `width` columns: the name (a customer or device id, as
  /// long as a user makes it) loses its end, marked with an ellipsis, so that the count or state
  /// after it stays whole and apart from it. A name never runs into the number beside it.
  func fitted(_ name: String, before: String = "", after: String = "", width: Int) -> String {
    let room = width - DisplayWidth.of(before) - DisplayWidth.of(after)
    return before + DisplayWidth.truncated(name, toWidth: max(1, room), ellipsis: lineStyle.ellipsis) + after
  }

  /// A pane title that names someone and ends in a count: "Tokens of alice (3)". A long name is
  /// shortened so the count keeps its place inside the border (`Frame.box` cuts a title's end).
  func paneTitle(_ lead: String, name: String, count: Int, width: Int) -> String {
    // The box keeps a corner, a dash and a space at each end of its title.
    fitted(name, before: lead, after: " (\(count))", width: width - 6)
  }

  /// A blank, bordered box centred on the screen for an overlay; returns the inside.
  func overlayBox(_ title: String, into frame: inout Frame, width: Int, height: Int) -> Rect {
    let screen = frame.bounds.rows([.fixed(1), .fill, .fixed(1)])[1]
    let rect = screen.centered(width: width, height: height)
    frame.fill(rect)
    frame.box(
      rect, title: title, lineStyle: lineStyle, style: Theme.focusedBorder, titleStyle: Theme.focusedBorder)
    return rect.inset(horizontal: 1, vertical: 1)
  }
}
