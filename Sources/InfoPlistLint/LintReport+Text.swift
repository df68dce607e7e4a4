extension LintFinding {
  /// `FILE: SEVERITY: KEYPATH: message (fix: ...)`; the key path is left out when there is none.
  public var textLine: String {
    let location = keyPath.map { "\($0): " } ?? ""
    return "\(file): \(severity.rawValue): \(location)\(message) (fix: \(fix))"
  }
}

extension LintReport {
  /// One line per finding, then a summary line; every line ends with a newline.
  public var text: String {
    findings.map { $0.textLine + "\n" }.joined() + summary + "\n"
  }

  /// "2 errors, 1 warning, 0 notes in Info.plist, App.entitlements".
  public var summary: String {
    let counts = LintSeverity.allCases.map { severity in
      let number = count(severity)
      return "\(number) \(severity.rawValue)\(number == 1 ? "" : "s")"
    }
    return counts.joined(separator: ", ") + " in " + files.joined(separator: ", ")
  }
}
