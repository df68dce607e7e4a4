import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Kills a writing `epsim` with SIGKILL at random points and checks the output file: it is the
/// old file or the complete new one, never a mix and never a truncated file.
///
/// The kill point is chosen by the size the temporary file has reached (polled), not by a
/// delay, so the test covers early, middle and late kills on a fast or slow machine alike.
@Suite("Atomic saves survive SIGKILL")
struct AtomicSaveKillTests {
  static let old = Data("the old file\n".utf8)

  @Test func generateOutputIsOldOrComplete() throws {
    let arguments = ["generate", "--customers", "6000", "--seed", "11"]
    let complete = try Data(EpsimExecutable.run(arguments).standardOutput.utf8)
    #expect(complete.count > 10_000_000, "big enough that a kill lands mid-write")
    // Fractions of the final size at which to kill; above 1 means "after the rename".
    var outcomes: [Data] = []
    for fraction in [0.0, 0.1, 0.5, 0.9, 0.999, 1.1] + (0..<4).map({ _ in Double.random(in: 0..<1) }) {
      let threshold = Int(Double(complete.count) * fraction)
      let outcome = try killWriter(arguments, killAtTemporarySize: threshold)
      #expect(outcome == Self.old || outcome == complete, "killed at \(threshold) bytes: a mixed file")
      outcomes.append(outcome)
    }
    // A kill as the temporary file appears keeps the old file; a kill after the end finds the new.
    #expect(outcomes.first == Self.old)
    #expect(outcomes[5] == complete)
  }

  @Test func runReportIsOldOrComplete() throws {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = directory.appendingPathComponent("long.epsim")
    let readme = try String(
      contentsOf: EpsimExecutable.repository.appendingPathComponent("docs/examples/readme-example.epsim"),
      encoding: .utf8)
    try (readme + String(repeating: "request SERVICES on alice.iphone\nadvance 1ms\n", count: 3_000))
      .write(to: scenario, atomically: false, encoding: .utf8)
    let arguments = ["run", scenario.path, "--format", "json"]
    let complete = try Data(EpsimExecutable.run(arguments).standardOutput.utf8)
    for fraction in [0.0, 0.3, 0.7, 1.1] + (0..<2).map({ _ in Double.random(in: 0..<1) }) {
      let threshold = Int(Double(complete.count) * fraction)
      let outcome = try killWriter(arguments, killAtTemporarySize: threshold)
      #expect(outcome == Self.old || outcome == complete, "killed at \(threshold) bytes: a mixed file")
      if outcome == complete {
        #expect(try JSONSerialization.jsonObject(with: outcome) is [String: Any])
      }
    }
  }

  /// Runs `epsim ARGUMENTS --output F` over an existing F, kills it once its temporary file
  /// holds `threshold` bytes (or, past the final size, once the process has finished), and
  /// returns F's contents.
  private func killWriter(_ arguments: [String], killAtTemporarySize threshold: Int) throws -> Data {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out")
    try Self.old.write(to: output)
    let process = Process()
    process.executableURL = try EpsimExecutable.locate()
    process.arguments = arguments + ["--output", output.path]
    process.currentDirectoryURL = EpsimExecutable.repository
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let temporary = directory.appendingPathComponent(".out.tmp-\(process.processIdentifier)").path
    while process.isRunning {
      var status = stat()
      if stat(temporary, &status) == 0, Int(status.st_size) >= threshold { break }
      usleep(200)  // a polling interval; the kill point is decided by the size alone
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return try Data(contentsOf: output)
  }
}
