/// A parsed `.epsim` file: its statements in source order.
///
/// The statements before the first step are the setup: they describe the world the run
/// starts from. Everything from the first step on is applied to that world in order.
public struct Scenario: Hashable, Sendable {
  public var statements: [Statement]

  public init(statements: [Statement] = []) {
    self.statements = statements
  }

  /// How many leading statements are setup (they build the initial world, not events).
  public var setupCount: Int {
    statements.firstIndex { $0.kind.isStepOnly } ?? statements.count
  }

  /// The statements that build the initial world.
  public var setup: ArraySlice<Statement> { statements[..<setupCount] }

  /// The statements applied to the world one by one, with their expectations.
  public var steps: ArraySlice<Statement> { statements[setupCount...] }
}

/// One line of a scenario: what it does, and the expectations written after it.
///
/// Equality compares meaning only: the same statement written on another line is equal, so
/// `parse(write(x)) == x` holds. Compare `location` separately where it matters.
public struct Statement: Hashable, Sendable {
  public var kind: StatementKind
  /// Expectations written on the same line after `expect` (for a standalone `expect` line, all of them).
  public var expectations: [Expectation]
  /// Where the statement's first word is.
  public var location: SourceLocation

  public init(_ kind: StatementKind, expectations: [Expectation] = [], location: SourceLocation = .unknown) {
    self.kind = kind
    self.expectations = expectations
    self.location = location
  }

  public static func == (lhs: Statement, rhs: Statement) -> Bool {
    lhs.kind == rhs.kind && lhs.expectations == rhs.expectations
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(expectations)
  }
}

/// One expectation: a claim about a step's answer or about the world, checked when the run reaches it.
///
/// Like `Statement`, equality ignores the location.
public struct Expectation: Hashable, Sendable {
  public var kind: ExpectationKind
  /// Where the expectation's first word is (after `expect` or `and`).
  public var location: SourceLocation

  public init(_ kind: ExpectationKind, location: SourceLocation = .unknown) {
    self.kind = kind
    self.location = location
  }

  public static func == (lhs: Expectation, rhs: Expectation) -> Bool { lhs.kind == rhs.kind }

  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
