import TextFrame

/// A line of text made of differently styled pieces, for panes that draw prepared content.
struct StyledLine: Hashable, Sendable {
  var pieces: [(text: String, style: Style)]

  init(_ text: String, _ style: Style = .plain) {
    pieces = [(text, style)]
  }

  init(pieces: [(text: String, style: Style)]) {
    self.pieces = pieces
  }

  static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
    lhs.pieces.count == rhs.pieces.count
      && zip(lhs.pieces, rhs.pieces).allSatisfy { $0.text == $1.text && $0.style == $1.style }
  }

  func hash(into hasher: inout Hasher) {
    for piece in pieces {
      hasher.combine(piece.text)
      hasher.combine(piece.style)
    }
  }

  var text: String { pieces.map(\.text).joined() }

  /// Draws the pieces from (x, y) within `clip`. A line too long for it ends in `ellipsis`, so a
  /// cut never passes for the whole text (a shortened number would look like another number).
  func draw(into frame: inout Frame, x: Int, y: Int, clip: Rect, ellipsis: String) {
    let room = clip.maxX - x
    var column = x
    guard DisplayWidth.of(text) > room else {
      for piece in pieces { column = frame.put(piece.text, x: column, y: y, style: piece.style, clip: clip) }
      return
    }
    var left = max(0, room - DisplayWidth.of(ellipsis))
    for piece in pieces where left > 0 {
      let shown = DisplayWidth.prefix(of: piece.text, width: left)
      column = frame.put(shown, x: column, y: y, style: piece.style, clip: clip)
      left -= DisplayWidth.of(shown)
      if DisplayWidth.of(shown) < DisplayWidth.of(piece.text) { break }
    }
    frame.put(ellipsis, x: column, y: y, style: Theme.dim, clip: clip)
  }
}
