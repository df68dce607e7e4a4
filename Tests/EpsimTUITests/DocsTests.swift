import EpsimTUI
import Foundation
import Testing

/// docs/tui.md carries generated parts: the key reference (from the key table) and a screen
/// capture (from a snapshot). These tests keep them current; EPSIM_RECORD_SNAPSHOTS=1 rewrites them.
@Suite("docs/tui.md")
struct DocsTests {
  static let docURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/tui.md")
  static let snapshotURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Snapshots/services-refresh-80x24.txt")

  @Test func keyReferenceMatchesTheKeyTable() throws {
    try check(section: "keys", expected: KeyTable.markdown())
  }

  @Test func screenCaptureMatchesTheSnapshot() throws {
    let snapshot = try String(contentsOf: Self.snapshotURL, encoding: .utf8)
    try check(section: "screen", expected: "```text\n" + snapshot + "```\n")
  }

  /// Compares the text between `<!-- name:begin -->` and `<!-- name:end -->` with `expected`.
  func check(section name: String, expected: String) throws {
    let document = try String(contentsOf: Self.docURL, encoding: .utf8)
    let begin = "<!-- \(name):begin -->\n"
    let end = "<!-- \(name):end -->"
    let start = try #require(document.range(of: begin), "docs/tui.md lacks \(begin)")
    let stop = try #require(
      document.range(of: end, range: start.upperBound..<document.endIndex), "docs/tui.md lacks \(end)")
    let current = String(document[start.upperBound..<stop.lowerBound])
    guard current != expected else { return }
    if ProcessInfo.processInfo.environment["EPSIM_RECORD_SNAPSHOTS"] == "1" {
      let updated = document.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
      try updated.write(to: Self.docURL, atomically: true, encoding: .utf8)
      Issue.record("Rewrote the \(name) section of docs/tui.md; run again without EPSIM_RECORD_SNAPSHOTS=1.")
    } else {
      Issue.record(
        "The \(name) section of docs/tui.md is out of date; regenerate it with EPSIM_RECORD_SNAPSHOTS=1.")
    }
  }
}
