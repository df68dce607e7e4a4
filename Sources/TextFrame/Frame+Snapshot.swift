extension Frame {
  /// The characters of each row, without styles, with trailing spaces trimmed.
  ///
  /// Trimming keeps snapshot files stable in editors and git, which strip trailing blanks.
  /// Rows are never dropped, so a snapshot still shows the frame's height.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for cell in cells[row * width..<(row + 1) * width] where !cell.isContinuation {
        line.append(cell.character)
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// `lines` joined by newlines, with a newline after the last row: the snapshot text format.
  public var text: String {
    lines.map { $0 + "\n" }.joined()
  }

  /// A frame showing `lines` in the default style, as wide as the widest line unless a
  /// width is given; handy for building expected frames in tests.
  public init(lines: [String], width: Int? = nil) {
    self.init(width: width ?? lines.map(DisplayWidth.of).max() ?? 0, height: lines.count)
    for (row, line) in lines.enumerated() {
      put(line, x: 0, y: row)
    }
  }
}
