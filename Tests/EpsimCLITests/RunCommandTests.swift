import Foundation
import SharedTestSupport
import Testing

@Suite("epsim run: exit codes, formats, output files")
struct RunCommandTests {
  static let readme = "docs/examples/readme-example.epsim"
  static let fixtures = "Tests/ScenarioLanguageTests/Fixtures/"

  @Test func findsTheBinary() {
    #expect(throws: Never.self) { try EpsimExecutable.locate() }
  }

  @Test func passingScenarioExitsZero() throws {
    let result = try EpsimExecutable.run(["run", Self.readme])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("passed: 3 of 3 expectations"))
    #expect(result.standardError.isEmpty)
  }

  @Test func failingExpectationExitsOneWithFileAndLine() throws {
    let result = try EpsimExecutable.run(["run", Self.readme, Self.fixtures + "failing-expectation.epsim"])
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines[0].hasPrefix(
        Self.fixtures + "failing-expectation.epsim:8:42: expect token: expected a token, actual no token"))
    #expect(lines[1].hasPrefix(Self.fixtures + "failing-expectation.epsim:9:8: expect SERVICES active"))
    #expect(result.standardOutput.contains("FAIL  expect token"))
  }

  @Test func engineRefusalExitsOne() throws {
    let result = try EpsimExecutable.run(["run", Self.fixtures + "failing-engine-refusal.epsim"])
    #expect(result.status == 1)
    #expect(
      result.standardError.hasPrefix(
        Self.fixtures + "failing-engine-refusal.epsim:7:1: the engine refused 'install alice.iphone'"))
  }

  @Test func invalidFileExitsTwoAndRunsNothing() throws {
    let result = try EpsimExecutable.run([
      "run", Self.readme, Self.fixtures + "invalid-typo.epsim", Self.fixtures + "invalid-order.epsim",
    ])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "nothing runs when a file is invalid")
    let positions: [String] = result.standardError.split(separator: "\n").map {
      String($0.prefix { $0 != " " })
    }
    let expected: [String] = [
      "invalid-typo.epsim:5:1:", "invalid-typo.epsim:6:9:", "invalid-order.epsim:4:9:",
      "invalid-order.epsim:5:10:", "invalid-order.epsim:6:1:",
    ]
    #expect(positions == expected.map { Self.fixtures + $0 })
  }

  @Test func invalidFileWritesNoOutputFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("report.json")
    let result = try EpsimExecutable.run([
      "run", Self.readme, Self.fixtures + "invalid-typo.epsim", "--format", "json", "--output", output.path,
    ])
    #expect(result.status == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func jsonGoesToTheOutputFileAtomically() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("report.json")
    try Data("old".utf8).write(to: output)
    let result = try EpsimExecutable.run(["run", Self.readme, "--format", "json", "--output", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"],
      "no temporary file left")
    let root = try JSONSerialization.jsonObject(with: try Data(contentsOf: output)) as? [String: Any]
    #expect(root?["schemaVersion"] as? Int == 2)
  }

  @Test func failingRunStillWritesItsReport() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("junit.xml")
    let result = try EpsimExecutable.run([
      "run", Self.fixtures + "failing-expectation.epsim", "--format", "junit", "--output", output.path,
    ])
    #expect(result.status == 1)
    let xml = try String(contentsOf: output, encoding: .utf8)
    #expect(xml.hasPrefix("<?xml"))
    #expect(xml.contains("<failure message="))
  }

  @Test func sameSeedGivesTheSameJSON() throws {
    let first = try EpsimExecutable.run(["run", "docs/examples/seed-determinism.epsim", "--format", "json"])
    let second = try EpsimExecutable.run(["run", "docs/examples/seed-determinism.epsim", "--format", "json"])
    #expect(first.status == 0 && first.standardOutput == second.standardOutput)
    let reseeded = try EpsimExecutable.run(["run", "docs/examples/seed-determinism.epsim", "--seed", "8"])
    #expect(reseeded.status == 1, "the pinned ids hold for seed 7 only")
    #expect(reseeded.standardOutput.contains("seed 8"))
  }

  @Test func commerceScenarioListsItsTransactions() throws {
    let file = "docs/examples/commerce-upgrade-mid-period.epsim"
    let json = try EpsimExecutable.run(["run", file, "--format", "json"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains("\"commerce\": ["))
    #expect(json.standardOutput.contains("\"notification\": \"DID_CHANGE_RENEWAL_PREF/UPGRADE\""))
    #expect(json.standardOutput.contains("\"productId\": \"max.monthly\""))
    let text = try EpsimExecutable.run(["run", file])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("  [SUBSCRIBED/INITIAL_BUY]"))
  }

  @Test(arguments: [
    (["run"], "epsim run: expected at least one scenario file"),
    (["run", readme, "--format", "xml"], "epsim run: --format must be text, json or junit, found 'xml'"),
    (["run", readme, "--seed", "-3"], "epsim run: --seed must be a whole number"),
    (["run", readme, "--seed", "many"], "epsim run: --seed must be a whole number"),
    (["run", readme, "--jobs", "0"], "epsim run: --jobs must be between 1 and 256, found 0"),
    (
      ["run", "docs/examples/no-such-file.epsim"], "epsim run: docs/examples/no-such-file.epsim: no such file"
    ),
    (
      ["run", readme, "--output", "/nonexistent-dir/report.txt"],
      "epsim run: cannot write /nonexistent-dir/report.txt"
    ),
  ])
  func badUsageExitsTwo(arguments: [String], message: String) throws {
    let result = try EpsimExecutable.run(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
  }

  /// Files are parsed and run on several threads; the report, its order and the exit status do not
  /// depend on how many. Every example, the failing fixtures among them, in every format.
  @Test(arguments: ["text", "json", "junit"])
  func theReportIsTheSameForAnyNumberOfJobs(format: String) throws {
    let examples = try FileManager.default.contentsOfDirectory(atPath: "docs/examples")
      .filter { $0.hasSuffix(".epsim") }.sorted().map { "docs/examples/" + $0 }
    let files =
      [Self.fixtures + "failing-expectation.epsim"] + examples
      + [Self.fixtures + "failing-engine-refusal.epsim", Self.readme]
    #expect(examples.count > 10)
    let one = try EpsimExecutable.run(["run", "--format", format, "--jobs", "1"] + files)
    #expect(one.status == 1, "the two failing fixtures fail the run")
    #expect(one.standardOutput.contains(Self.readme))
    for jobs in ["2", "3", "7"] {
      let many = try EpsimExecutable.run(["run", "--format", format, "--jobs", jobs] + files)
      #expect(many.status == one.status)
      #expect(many.standardOutput == one.standardOutput, "--jobs \(jobs)")
      #expect(many.standardError == one.standardError, "--jobs \(jobs)")
    }
  }

  /// `--files-from` reads the paths from a list (a file, or standard input for '-'): the same
  /// report as the paths given as arguments, arguments first.
  @Test func filesFromAListRunLikeArguments() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let listed = [Self.fixtures + "failing-expectation.epsim", "docs/examples/commerce-refund.epsim"]
    let list = directory.appendingPathComponent("scenarios.txt")
    try Data((listed[0] + "\r\n\n" + listed[1] + "\n").utf8).write(to: list)
    let asArguments = try EpsimExecutable.run(["run", Self.readme] + listed)
    let fromFile = try EpsimExecutable.run(["run", Self.readme, "--files-from", list.path])
    let fromInput = try EpsimExecutable.run(
      ["run", Self.readme, "--files-from", "-"], input: listed.joined(separator: "\n"))
    #expect(asArguments.status == 1)
    #expect(asArguments.standardOutput.contains("commerce-refund.epsim"))
    for outcome in [fromFile, fromInput] {
      #expect(outcome.status == asArguments.status)
      #expect(outcome.standardOutput == asArguments.standardOutput)
      #expect(outcome.standardError == asArguments.standardError)
    }
  }

  /// Over several files the text report ends with one line for the whole run (issue 28); one
  /// file's report ends with its own summary, as before.
  @Test func severalFilesEndWithTheRunsTotal() throws {
    let files = ["docs/examples/readme-example.epsim", "docs/examples/expiry-millisecond.epsim"]
    let both = try EpsimExecutable.run(["run"] + files)
    #expect(both.status == 0, "\(both.standardError)")
    let lines = both.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let expectations = both.standardOutput.components(separatedBy: "      ok    ").count - 1
    #expect(lines.suffix(3) == ["", "total: 2 files, \(expectations) expectations, 0 failed", ""])
    let one = try EpsimExecutable.run(["run", files[0]])
    #expect(!one.standardOutput.contains("total:"))
    #expect(one.standardOutput.hasSuffix("passed: 3 of 3 expectations\n"))
  }

  @Test func theTotalCountsFailuresAndStops() throws {
    let outcome = try EpsimExecutable.run([
      "run", Self.readme, Self.fixtures + "failing-expectation.epsim",
      Self.fixtures + "failing-engine-refusal.epsim",
    ])
    #expect(outcome.status == 1)
    #expect(
      outcome.standardOutput.hasSuffix(
        "\ntotal: 3 files (1 stopped by the engine), 9 expectations, 2 failed\n"))
  }

  @Test func anUnreadableListIsABadOption() throws {
    let result = try EpsimExecutable.run(["run", "--files-from", "/nonexistent/list.txt"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.hasPrefix("epsim run: --files-from /nonexistent/list.txt: no such file"))
  }

  /// A file that cannot be read is the command's error, with its prefix as in every command; a
  /// file that can be read but not parsed starts with the place in it, as a compiler's would.
  @Test func anUnreadableFileIsTheCommandsErrorAndAParseErrorItsPlace() throws {
    let missing = try EpsimExecutable.run(["run", "nosuch.epsim"])
    #expect(missing.status == 2)
    #expect(missing.standardOutput.isEmpty)
    #expect(missing.standardError == "epsim run: nosuch.epsim: no such file\n")
    let folder = try EpsimExecutable.run(["run", "docs/examples"])
    #expect(folder.status == 2)
    #expect(folder.standardError.hasPrefix("epsim run: docs/examples: "), "\(folder.standardError)")
    let both = try EpsimExecutable.run(["run", Self.fixtures + "invalid-typo.epsim", "nosuch.epsim"])
    #expect(both.status == 2)
    let lines = both.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix(Self.fixtures + "invalid-typo.epsim:5:1:") == true, "\(lines)")
    #expect(lines.last == "epsim run: nosuch.epsim: no such file")
  }

  /// With several invalid files, each file's errors come in the order the files were given.
  @Test func parseErrorsKeepTheFilesOrderWithManyJobs() throws {
    let files = [
      Self.fixtures + "invalid-order.epsim", Self.readme, Self.fixtures + "invalid-typo.epsim",
    ]
    let one = try EpsimExecutable.run(["run", "--jobs", "1"] + files)
    let three = try EpsimExecutable.run(["run", "--jobs", "3"] + files)
    #expect(one.status == 2)
    #expect(three.status == 2)
    #expect(three.standardError == one.standardError)
    #expect(one.standardError.hasPrefix(Self.fixtures + "invalid-order.epsim:4:9:"))
  }

  /// A plist given by mistake gets one error, not one per line.
  @Test func aPlistIsNotAScenario() throws {
    let plist = "docs/examples/plist/notice-sheet.plist"
    let result = try EpsimExecutable.run(["run", plist])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError
        == "\(plist):1:1: expected a setup line or a step, found '<?xml' (this does not look like a "
        + "scenario: its first 3 lines start with no keyword of the language, which docs/scenarios.md describes)\n"
    )
  }

  private func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make("epsim-run")
  }
}
