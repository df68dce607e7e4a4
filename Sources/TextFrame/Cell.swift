/// One character cell of a `Frame`.
///
/// A wide character (see `DisplayWidth`) occupies two cells: the first holds the character,
/// the second is a continuation cell that holds nothing of its own. `Frame`'s drawing
/// functions keep that pairing intact; a continuation cell never stands alone.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown in this cell; a space for an empty cell or a continuation cell.
  public var character: Character
  public var style: Style
  /// True for the right half of a wide character drawn in the cell before it.
  public var isContinuation: Bool

  public init(_ character: Character = " ", style: Style = .plain) {
    self.character = character
    self.style = style
    self.isContinuation = false
  }

  /// An empty cell with the default style.
  public static let blank = Cell()

  /// The right half of a wide character, styled like its left half.
  static func continuation(style: Style) -> Cell {
    var cell = Cell(" ", style: style)
    cell.isContinuation = true
    return cell
  }
}
