import Foundation

/// A snapshot's text file: `Snapshots/<name>.txt` in the folder of the test file using it.
struct SnapshotFile {
  let url: URL

  init(testFilePath: String, name: String) {
    url = URL(fileURLWithPath: testFilePath)
      .deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
      .appendingPathComponent("\(name).txt")
  }

  /// The stored text, or nil when there is no readable file.
  func contents() -> String? {
    try? String(contentsOf: url, encoding: .utf8)
  }

  func record(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// Nil when the texts are equal, otherwise the first differing line and the whole new text.
  static func describeDifference(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let line =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let wanted = line < expectedLines.count ? "\"\(expectedLines[line])\"" : "(no line)"
    let got = line < actualLines.count ? "\"\(actualLines[line])\"" : "(no line)"
    return "line \(line + 1) should be \(wanted) but is \(got). Whole new text:\n\(actual)"
  }
}
