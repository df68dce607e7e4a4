import Foundation
import InfoPlistLint

/// Helpers shared by the linter tests.
enum Fixtures {
  /// `docs/examples/plist` in this checkout, found from this source file's path.
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/examples/plist")

  static func examplePath(_ name: String) -> String {
    examples.appendingPathComponent(name).path
  }

  /// An in-memory Info.plist named "Info.plist".
  static func plist(_ root: [String: PropertyListValue], file: String = "Info.plist") -> LoadedPropertyList {
    LoadedPropertyList(file: file, format: .xml, root: root)
  }

  /// An in-memory entitlements file named "App.entitlements".
  static func entitlements(_ root: [String: PropertyListValue]) -> LoadedPropertyList {
    LoadedPropertyList(file: "App.entitlements", format: .xml, root: root)
  }

  /// Lints in memory and returns the findings as comparable triples.
  static func lint(
    _ root: [String: PropertyListValue], entitlements: [String: PropertyListValue]? = nil
  ) -> [Found] {
    InfoPlistLinter.lint(infoPlist: plist(root), entitlements: entitlements.map(Self.entitlements))
      .findings.map(Found.init)
  }

  /// The same for tests of one rule: sets `MinimumOSVersion` 26.2 (new enough for every key)
  /// unless `root` sets a version itself, and leaves out the "entitlement checks skipped" note.
  static func lintFindings(
    _ root: [String: PropertyListValue], entitlements: [String: PropertyListValue]? = nil
  ) -> [Found] {
    var root = root
    if root["MinimumOSVersion"] == nil && root["LSMinimumSystemVersion"] == nil {
      root["MinimumOSVersion"] = "26.2"
    }
    return lint(root, entitlements: entitlements).filter { $0.rule != .entitlementsSkipped }
  }
}

/// A finding reduced to what the tests pin down exactly: where, how serious, which rule.
struct Found: Equatable, CustomStringConvertible {
  let file: String
  let keyPath: String?
  let severity: LintSeverity
  let rule: LintRule

  /// A finding in "Info.plist".
  init(_ keyPath: String?, _ severity: LintSeverity, _ rule: LintRule) {
    self.init(file: "Info.plist", keyPath, severity, rule)
  }

  /// A finding in `file`, named by its last path component.
  init(file: String, _ keyPath: String?, _ severity: LintSeverity, _ rule: LintRule) {
    self.file = file
    self.keyPath = keyPath
    self.severity = severity
    self.rule = rule
  }

  init(_ finding: LintFinding) {
    self.init(
      file: (finding.file as NSString).lastPathComponent, finding.keyPath, finding.severity, finding.rule)
  }

  var description: String { "\(file): \(severity.rawValue): \(keyPath ?? "-"): \(rule.rawValue)" }
}
