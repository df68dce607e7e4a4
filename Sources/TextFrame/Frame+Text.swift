extension Frame {
  /// Draws `text` on one row starting at column `x`, cut off at the edges of `clip` (the whole
  /// frame by default; a clip is always limited to the frame).
  ///
  /// Control characters such as tab and newline are drawn as "?" so that text can never move
  /// the terminal's cursor; draw several lines with several calls. A wide character that only
  /// half fits is drawn as a space.
  /// - Returns: the column after the text as if nothing were clipped, handy for drawing the
  ///   next piece of a line.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    var column = x
    for character in text {
      let shown = Frame.printable(character)
      let columns = DisplayWidth.of(shown)
      if y >= area.y, y < area.maxY {
        draw(shown, columns: columns, x: column, y: y, style: style, area: area)
      }
      column += columns
    }
    return column
  }

  /// Draws `text` on the first row of `rect`, aligned inside it and clipped to it. Text wider
  /// than the rectangle starts at its left edge whatever the alignment, so its start stays visible.
  public mutating func put(_ text: String, in rect: Rect, alignment: Alignment = .left, style: Style = .plain)
  {
    let room = rect.width - DisplayWidth.of(text)
    let offset: Int
    switch alignment {
    case .left: offset = 0
    case .center: offset = max(0, room / 2)
    case .right: offset = max(0, room)
    }
    put(text, x: rect.x + offset, y: rect.y, style: style, clip: rect)
  }

  /// Fills `rect` with `character` (a space by default) in `style`.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let row = String(repeating: character, count: area.width)
    for y in area.y..<area.maxY {
      put(row, x: area.x, y: y, style: style, clip: area)
    }
  }

  /// Changes the style of every cell in `rect` but keeps the characters, for example to
  /// highlight a selected row: `frame.restyle(row) { $0.attributes.insert(.reverse) }`.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let area = rect.intersection(bounds)
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        change(&cells[y * width + x].style)
      }
    }
  }

  /// Draws one printable grapheme whose leftmost column is `x`, if it fits into `area`.
  private mutating func draw(_ character: Character, columns: Int, x: Int, y: Int, style: Style, area: Rect) {
    let firstVisible = x >= area.x && x < area.maxX
    let secondVisible = columns == 2 && x + 1 >= area.x && x + 1 < area.maxX
    if columns == 2, firstVisible, secondVisible {
      place(Cell(character, style: style), x: x, y: y)
      place(.continuation(style: style), x: x + 1, y: y)
    } else if columns == 2 {
      // Half a wide character cannot be shown; a space keeps the cell from showing stale text.
      if firstVisible { place(Cell(" ", style: style), x: x, y: y) }
      if secondVisible { place(Cell(" ", style: style), x: x + 1, y: y) }
    } else if firstVisible {
      place(Cell(character, style: style), x: x, y: y)
    }
  }

  /// `character`, or "?" for control characters, which would move a terminal's cursor.
  static func printable(_ character: Character) -> Character {
    guard let scalar = character.unicodeScalars.first else { return "?" }
    let value = scalar.value
    let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
    return isControl ? "?" : character
  }
}
