import Foundation
import Testing

@Suite("epsim samples (the built binary)")
struct SamplesCommandTests {
  /// Success is said, with what was written, rather than left to be guessed from silence.
  @Test func successSaysWhatWasWritten() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-samples-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try EpsimExecutable.run(["samples", directory.path])
    #expect(result.status == 0, "\(result.standardError)")
    let count = try FileManager.default.contentsOfDirectory(atPath: directory.path).count
    #expect(count > 1)
    #expect(
      result.standardOutput == "Wrote \(count) files to \(directory.path) (its README.md describes each).\n")
    #expect(result.standardError.isEmpty)
  }
}
