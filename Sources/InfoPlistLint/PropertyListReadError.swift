/// Why a file could not be read as a property list, and where.
public struct PropertyListReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public let file: String
  /// What was wrong, in a sentence that starts lowercase ("the file is empty").
  public let reason: String
  /// 1-based line of the problem in an XML file, when known.
  public let line: Int?
  /// 1-based column of the problem in an XML file, when known.
  public let column: Int?

  public init(file: String, reason: String, line: Int? = nil, column: Int? = nil) {
    self.file = file
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// `FILE:LINE:COLUMN: reason`, leaving out the parts that are unknown.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): \(reason)"
  }
}
