/// The outcome of one `epsim lint` run: the files checked and every finding, in order.
public struct LintReport: Equatable, Sendable {
  public let files: [String]
  public let findings: [LintFinding]

  public init(files: [String], findings: [LintFinding]) {
    self.files = files
    self.findings = findings
  }

  public func count(_ severity: LintSeverity) -> Int {
    findings.count { $0.severity == severity }
  }

  /// True when some finding is an error, which makes `epsim lint` exit with status 1.
  public var hasErrors: Bool { count(.error) > 0 }
}
