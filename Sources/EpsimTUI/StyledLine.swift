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

  /// Draws the pieces from (x, y), clipped to `clip`.
  func draw(into frame: inout Frame, x: Int, y: Int, clip: Rect) {
    var column = x
    for piece in pieces {
      column = frame.put(piece.text, x: column, y: y, style: piece.style, clip: clip)
    }
  }
}
