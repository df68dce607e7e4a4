import Foundation
import SharedTestSupport
import Testing

/// Numbers that crashed `epsim run` with an arithmetic overflow (exit 132): the whole process now
/// exits 2 with file:line:column, or exits 1 with the run's reason when the number is in range but
/// the clock move it asks for is not, and writes no report.
@Suite("Hostile numbers through the command line")
struct HostileNumberCLITests {
  static let setup = ScenarioSetup.aliceInTheNetherlands("production", installed: true)

  @Test(arguments: [
    ("advance 106751991167d", "bug.epsim:5:9"),
    ("lifetime SERVICES 106751991167d", "bug.epsim:5:19"),
    ("advance to next expiry minus 106751991167d", "bug.epsim:5:30"),
  ])
  func anOverflowingDurationIsALocatedError(line: String, place: String) throws {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bug.epsim")
    try (Self.setup + line + "\n").write(to: file, atomically: true, encoding: .utf8)
    let report = directory.appendingPathComponent("report.json").path
    let result = try EpsimExecutable.run(["run", file.path, "--format", "json", "--output", report])
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains(place), "\(result.standardError)")
    #expect(result.standardError.contains("2932896d"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: report))
  }

  @Test func aClockMovePastTheYear9999FailsTheRunWithItsReason() throws {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("far.epsim")
    try (Self.setup + "advance 2932896d\nadvance 2932896d\n").write(
      to: file, atomically: true, encoding: .utf8)
    let result = try EpsimExecutable.run(["run", file.path])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardOutput.contains("9999"), "\(result.standardOutput)")
  }
}
