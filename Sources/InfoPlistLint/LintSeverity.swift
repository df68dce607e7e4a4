/// How serious a finding is. Only errors make `epsim lint` fail.
public enum LintSeverity: String, Equatable, Sendable, CaseIterable {
  /// StoreKit will reject or ignore the configuration: the feature will not work as written.
  case error
  /// Works today but is sloppy or fragile, or works only on newer systems than the app supports.
  case warning
  /// Information: something the linter could not check, or an assumption it made.
  case note
}
