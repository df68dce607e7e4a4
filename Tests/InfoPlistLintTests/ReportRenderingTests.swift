import Foundation
import InfoPlistLint
import Testing

@Suite("Report text and JSON")
struct ReportRenderingTests {
  private let report = LintReport(
    files: ["Info.plist", "App.entitlements"],
    findings: [
      LintFinding(
        file: "Info.plist", keyPath: "SKExternalPurchase[0]", severity: .error, rule: .countryCodeCase,
        message: "country code 'FR' must be lowercase", fix: "write 'fr'"),
      LintFinding(
        file: "Info.plist", keyPath: nil, severity: .note, rule: .entitlementsSkipped,
        message: "skipped \"x\"\n",
        fix: "tab\there"),
      LintFinding(
        file: "App.entitlements", keyPath: "k", severity: .warning, rule: .unknownKey, message: "m", fix: "f"),
    ])

  @Test func textHasOneLinePerFindingThenASummary() {
    #expect(
      report.text == """
        Info.plist: error: SKExternalPurchase[0]: country code 'FR' must be lowercase (fix: write 'fr')
        Info.plist: note: skipped "x"
         (fix: tab\there)
        App.entitlements: warning: k: m (fix: f)
        1 error, 1 warning, 1 note in Info.plist, App.entitlements

        """)
  }

  @Test func summaryPluralises() {
    let empty = LintReport(files: ["Info.plist"], findings: [])
    #expect(empty.summary == "0 errors, 0 warnings, 0 notes in Info.plist")
    #expect(!empty.hasErrors)
    #expect(report.hasErrors)
  }

  @Test func jsonHasTheDocumentedShapeAndOrder() throws {
    let json = report.json
    #expect(
      json.hasPrefix(
        #"{"files":["Info.plist","App.entitlements"],"findings":[{"file":"Info.plist","keyPath":"#))
    #expect(json.hasSuffix(#""errors":1,"warnings":1,"notes":1}"#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    #expect(object["warnings"] as? Int == 1)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.count == 3)
    #expect(findings[0]["keyPath"] as? String == "SKExternalPurchase[0]")
    #expect(findings[0]["severity"] as? String == "error")
    #expect(findings[0]["rule"] as? String == "country-code-case")
    #expect(findings[0]["fix"] as? String == "write 'fr'")
    #expect(findings[1]["keyPath"] is NSNull)
    // Quotes, newlines and tabs survive the round trip.
    #expect(findings[1]["message"] as? String == "skipped \"x\"\n")
    #expect(findings[1]["fix"] as? String == "tab\there")
  }

  @Test func jsonEscapesControlCharacters() throws {
    let odd = LintReport(
      files: ["a\u{1}b"],
      findings: [
        LintFinding(file: "é", keyPath: "\\", severity: .note, rule: .unknownKey, message: "\r", fix: "")
      ])
    #expect(odd.json.contains(#""a\u0001b""#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(odd.json.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings[0]["file"] as? String == "é")
    #expect(findings[0]["keyPath"] as? String == "\\")
    #expect(findings[0]["message"] as? String == "\r")
  }
}
