import Foundation
import Testing

/// A mistyped command is reported as one, not taken as a scenario file for the default `tui`.
@Suite("epsim: unknown commands, help, --version")
struct CommandNameTests {
  @Test(arguments: [
    (["rn"], "epsim: unknown command 'rn'; did you mean 'run'?"),
    (["rn", "docs/examples/readme-example.epsim"], "epsim: unknown command 'rn'; did you mean 'run'?"),
    (["lnt", "docs/examples/plist/old-os.plist"], "epsim: unknown command 'lnt'; did you mean 'lint'?"),
    (["help", "rn"], "epsim help: unknown command 'rn'; did you mean 'run'?"),
    (["help", "report", "plon"], "epsim help: unknown command 'plon'; did you mean 'plan'?"),
    (["report", "chek", "a.epsim", "r.json"], "epsim report: unknown command 'chek'; did you mean 'check'?"),
    (
      ["frobnicate"],
      "epsim: unknown command 'frobnicate'; the commands are tui, run, decode, generate, samples, craft, "
        + "lint, report, serve, cert, storekit (see 'epsim --help')"
    ),
  ])
  func anUnknownCommandExitsTwoWithASuggestion(arguments: [String], message: String) throws {
    let outcome = try EpsimExecutable.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == message + "\n")
  }

  /// An unknown option without a command goes to the default command (the UI), whose usage used
  /// to answer with no word of the root's --version (issue 28).
  @Test(arguments: [
    (["--verison"], "epsim: unknown option '--verison'; did you mean '--version'?"),
    (["-v"], "epsim: unknown option '-v'; did you mean '--version'?"),
    (["--hlep"], "epsim: unknown option '--hlep'; did you mean '--help'?"),
  ])
  func anUnknownRootOptionSuggestsTheRootOption(arguments: [String], message: String) throws {
    let outcome = try EpsimExecutable.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == message + "\n")
  }

  /// A mistyped option of the UI keeps the parser's own suggestion among the UI's options.
  @Test func aMistypedUIOptionKeepsItsSuggestion() throws {
    let outcome = try EpsimExecutable.run(["--serv"])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.hasPrefix("epsim: Unknown option '--serv'. Did you mean '--serve'?"))
  }

  @Test func aScenarioPathStillOpensTheTerminalUI() throws {
    let existing = try EpsimExecutable.run(["docs/examples/readme-example.epsim"])
    #expect(existing.status == 2)
    #expect(existing.standardError.hasPrefix("epsim tui: the terminal UI needs a terminal"))
    let missing = try EpsimExecutable.run(["no-such-scenario.epsim"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "epsim tui: no-such-scenario.epsim: no such file\n")
  }

  @Test func helpOfAKnownCommandStillWorks() throws {
    let outcome = try EpsimExecutable.run(["help", "report", "plan"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("USAGE: epsim report plan"))
  }

  @Test func versionPrintsTheVersion() throws {
    let outcome = try EpsimExecutable.run(["--version"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let version = outcome.standardOutput.trimmingCharacters(in: .newlines)
    #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
  }

  /// Every error starts with the command it comes from, the argument parser's included.
  @Test(arguments: [
    (["lint"], "epsim lint: Missing expected argument '<info-plist>'"),
    (["run", "--frmat", "json"], "epsim run: Unknown option '--frmat'"),
    (["samples", "/nonexistent/dir/samples"], "epsim samples: "),
    (["generate", "--customers", "1", "--output", "/nonexistent/dir/out.jsonl"], "epsim generate: "),
    (["lint", "/nonexistent/Info.plist"], "epsim lint: /nonexistent/Info.plist: no such file"),
  ])
  func errorsStartWithTheirCommand(arguments: [String], prefix: String) throws {
    let outcome = try EpsimExecutable.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.hasPrefix(prefix), "\(outcome.standardError)")
  }
}
