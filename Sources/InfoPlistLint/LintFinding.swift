/// One problem the linter found: where it is, how serious, what is wrong and how to fix it.
public struct LintFinding: Equatable, Sendable {
  /// The file as the user named it.
  public let file: String
  /// Where in the file: `SKExternalPurchaseLink.fr`, `SKExternalPurchaseMultiLink.nl[2]`
  /// (indexes count from 0, as Xcode's "Item 0"); nil for a finding about the run as a whole.
  public let keyPath: String?
  public let severity: LintSeverity
  public let rule: LintRule
  public let message: String
  public let fix: String

  public init(
    file: String, keyPath: String?, severity: LintSeverity, rule: LintRule, message: String, fix: String
  ) {
    self.file = file
    self.keyPath = keyPath
    self.severity = severity
    self.rule = rule
    self.message = message
    self.fix = fix
  }
}
