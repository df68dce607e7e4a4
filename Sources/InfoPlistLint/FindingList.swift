/// Collects the findings about one file, so checks need not repeat the file name on every call.
struct FindingList {
  let file: String
  private(set) var findings: [LintFinding] = []

  init(file: String) {
    self.file = file
  }

  mutating func add(
    _ severity: LintSeverity, _ rule: LintRule, at keyPath: String?, _ message: String, fix: String
  ) {
    findings.append(
      LintFinding(file: file, keyPath: keyPath, severity: severity, rule: rule, message: message, fix: fix))
  }
}
