import SimulationTime

/// Why a scenario file is not valid, and where: `file:line:column: expected X, found Y`.
public struct ScenarioParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var location: SourceLocation
  /// What would have been valid at that point.
  public var expected: String
  /// The word found there, or nil at the end of the line.
  public var found: String?
  /// Extra context, such as where a name was first declared.
  public var note: String?
  /// The closest valid word, for typos.
  public var suggestion: String?

  public init(
    file: String, location: SourceLocation, expected: String, found: String?, note: String? = nil,
    suggestion: String? = nil
  ) {
    self.file = file
    self.location = location
    self.expected = expected
    self.found = found
    self.note = note
    self.suggestion = suggestion
  }

  /// The message without the file and position. A long word found is quoted shortened, as every
  /// door quotes what was typed, so a pasted page is not printed back whole.
  public var message: String {
    var text = "expected \(expected), found " + (found.map { TypedValue.quoted($0) } ?? "end of line")
    if let note { text += " (\(note))" }
    if let suggestion { text += "; did you mean '\(suggestion)'?" }
    return text
  }

  public var description: String { "\(file):\(location.line):\(location.column): \(message)" }
}

/// Every error found in one scenario file (at most one per line), in line order.
public struct ScenarioParseErrors: Error, Hashable, Sendable, CustomStringConvertible {
  public var errors: [ScenarioParseError]

  public init(_ errors: [ScenarioParseError]) {
    self.errors = errors
  }

  public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// An error inside one line, before the parser adds the file and line number.
struct LineError: Error {
  var column: Int
  var expected: String
  var found: String?
  var note: String?
  var suggestion: String?
}
