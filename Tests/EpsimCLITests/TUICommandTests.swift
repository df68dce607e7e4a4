import Foundation
import Testing

/// `epsim tui FILE` checks the file before it needs a terminal, so these run without one.
@Suite("epsim tui with a scenario file")
struct TUICommandTests {
  @Test func anInvalidFileIsReportedWithItsPositionAndExitsTwo() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-tui-\(UUID()).epsim")
    defer { try? FileManager.default.removeItem(at: file) }
    try "environment sandbox\ninstal alice.iphone\n".write(to: file, atomically: true, encoding: .utf8)
    let outcome = try EpsimExecutable.run(["tui", file.path])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "\(file.path):2:1: expected a setup line or a step, found 'instal'; did you mean 'install'?\n")
  }

  @Test func aMissingFileExitsTwo() throws {
    let outcome = try EpsimExecutable.run(["tui", "no-such-file.epsim"])
    #expect(outcome.status == 2)
    #expect(outcome.standardError == "epsim tui: no-such-file.epsim: no such file\n")
  }

  @Test func aValidFileStillNeedsATerminal() throws {
    let outcome = try EpsimExecutable.run(["tui", "docs/examples/readme-example.epsim"])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.contains("the terminal UI needs a terminal"))
  }

  @Test func rulesApplyOnlyToTheDemoWorld() throws {
    let outcome = try EpsimExecutable.run([
      "tui", "--rules", "production", "docs/examples/readme-example.epsim",
    ])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("--rules applies to the demo world"))
  }
}
