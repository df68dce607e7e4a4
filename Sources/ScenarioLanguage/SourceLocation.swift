/// A 1-based line and column in a scenario file; `unknown` (0:0) for statements built in code.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Where statements built in code (by the terminal UI's recorder) come from.
  public static let unknown = SourceLocation(line: 0, column: 0)

  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
