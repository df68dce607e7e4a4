/// The errors of one scenario file as the parser finds them: one per bad line, except that a
/// run of nonsense lines (none starting with a keyword) is cut short.
struct ParseErrorList {
  /// Nonsense lines in a row before the parser stops listing them one by one; at the top of a
  /// file, before the text is reported as not a scenario at all (a plist given to `run`).
  static let nonsenseLimit = 3

  let file: String
  private(set) var errors: [ScenarioParseError] = []
  /// The current run of nonsense lines.
  private var nonsense: [ScenarioParseError] = []

  init(file: String) {
    self.file = file
  }

  mutating func add(_ error: LineError, line: Int) {
    endNonsense()
    errors.append(parseError(error, line: line))
  }

  /// Adds a nonsense line. Returns the one error for the whole file when the file starts with
  /// `nonsenseLimit` of them and nothing else came before: it is not a scenario.
  mutating func addNonsense(_ error: LineError, line: Int, nothingParsed: Bool) -> ScenarioParseError? {
    nonsense.append(parseError(error, line: line))
    guard nothingParsed, errors.isEmpty, nonsense.count == Self.nonsenseLimit else { return nil }
    var first = nonsense[0]
    first.note =
      "this does not look like a scenario: its first \(Self.nonsenseLimit) lines start with no keyword "
      + "of the language, which docs/scenarios.md describes"
    return first
  }

  /// Closes a run of nonsense lines: the first ones are listed, the rest summed up in one error.
  mutating func endNonsense() {
    defer { nonsense = [] }
    guard nonsense.count > Self.nonsenseLimit + 1 else {
      errors += nonsense
      return
    }
    errors += nonsense.prefix(Self.nonsenseLimit)
    var summary = nonsense[Self.nonsenseLimit]
    let last = nonsense[nonsense.count - 1].location.line
    let others = nonsense.count - Self.nonsenseLimit - 1
    summary.note =
      "this line and the \(others) after it, up to line \(last), start with no keyword; "
      + "they are not listed one by one"
    errors.append(summary)
  }

  private func parseError(_ error: LineError, line: Int) -> ScenarioParseError {
    ScenarioParseError(
      file: file, location: SourceLocation(line: line, column: error.column), expected: error.expected,
      found: error.found, note: error.note, suggestion: error.suggestion)
  }
}
