import Foundation
import Testing

@Suite("epsim lint (the built binary)")
struct LintCommandTests {
  private static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/examples/plist")

  private func example(_ name: String) -> String {
    Self.examples.appendingPathComponent(name).path
  }

  @Test func binaryIsFound() {
    #expect(throws: Never.self) { try EpsimExecutable.locate() }
  }

  @Test func cleanFilesExitZero() throws {
    let run = try EpsimExecutable.run([
      "lint", example("eu-links-good.plist"), "--entitlements", example("eu-links.entitlements"),
    ])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasSuffix(
        "0 errors, 0 warnings, 0 notes in \(example("eu-links-good.plist")), "
          + "\(example("eu-links.entitlements"))\n"))
    #expect(run.standardError == "")
  }

  @Test func warningsAndNotesStillExitZero() throws {
    let run = try EpsimExecutable.run(["lint", example("old-os.plist")])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(": warning: SKExternalPurchaseMultiLink: "))
  }

  @Test func errorsExitOneWithOneLinePerFinding() throws {
    let file = example("bad-link-counts.plist")
    let run = try EpsimExecutable.run(["lint", file, "--entitlements", example("link-only.entitlements")])
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("\(file): error: SKExternalPurchaseMultiLink.de: "))
    #expect(lines[0].contains(" (fix: "))
    #expect(lines[3].hasPrefix("3 errors, 0 warnings, 0 notes in "))
  }

  @Test func jsonIsOneDocument() throws {
    let run = try EpsimExecutable.run(["lint", example("bad-countries-binary.plist"), "--json"])
    #expect(run.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["files"] as? [String] == [example("bad-countries-binary.plist")])
    #expect(object["errors"] as? Int == 9)
    #expect(object["warnings"] as? Int == 1)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.count == 11)
    #expect(findings.first?["keyPath"] as? String == "SKExternalPurchase[1]")
    #expect(Set(findings.flatMap { $0.keys }) == ["file", "keyPath", "severity", "rule", "message", "fix"])
  }

  @Test func unreadableInputExitsTwoAndNamesTheFile() throws {
    let file = example("truncated.plist")
    let run = try EpsimExecutable.run(["lint", file])
    #expect(run.status == 2)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("\(file):7:22: the XML document ends too early"))
  }

  @Test func missingEntitlementsFileExitsTwo() throws {
    let run = try EpsimExecutable.run([
      "lint", example("eu-links-good.plist"), "--entitlements", "/nonexistent/App.entitlements",
    ])
    #expect(run.status == 2)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("/nonexistent/App.entitlements: no such file"))
  }

  @Test func usageErrorsExitTwo() throws {
    let run = try EpsimExecutable.run(["lint", "--no-such-option"])
    #expect(run.status == 2)
    #expect(run.standardOutput == "")
    #expect(run.standardError.contains("Usage: epsim lint"))
  }
}
