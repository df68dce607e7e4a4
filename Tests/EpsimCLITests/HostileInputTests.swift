import Foundation
import SharedTestSupport
import Testing

/// Every command that reads a file or an argument, fed the hostile corpus: each input exits 2
/// with a message naming the problem, and no output file is left behind.
@Suite("Hostile input")
struct HostileInputTests {
  /// What `epsim run` must say about each bad scenario file.
  static let scenarioReasons: [HostileFile: String] = [
    .empty: "the file is empty", .whiteSpace: "the file holds only white space",
    .binary: "the file holds a NUL byte, so it is binary", .nulBytes: "the file holds a NUL byte",
    .utf16WithMark: "the file is UTF-16 text", .utf16WithoutMark: "the file is UTF-16 text",
    .latin1: "the file is not UTF-8 text", .truncated: "expected an OS version",
    .deepNesting: "expected a setup line or a step",
    .huge: "more than the 16777216 bytes a scenario may have",
    .directory: "this is a directory", .missing: "no such file",
  ]

  /// What `epsim lint` must say about each bad XML property list.
  static let plistReasons: [HostileFile: String] = [
    .empty: "the file is empty", .whiteSpace: "the file holds only white space",
    .binary: "this is not an XML or binary property list", .nulBytes: "XML",
    .utf16WithMark: "the file is UTF-16 text", .utf16WithoutMark: "the file is UTF-16 text",
    .latin1: "the XML is not valid UTF-8", .truncated: "the XML document ends too early",
    .deepNesting: "Too many nested arrays or dictionaries",
    .huge: "more than the 16777216 bytes a property list may have", .directory: "this is a directory",
    .missing: "no such file",
  ]

  @Test(arguments: HostileFile.allCases)
  func runRefusesTheFileAndWritesNoReport(_ input: HostileFile) throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let path = try input.make(.scenario, in: directory)
      let report = directory.appendingPathComponent("report.json").path
      let result = try EpsimExecutable.run(["run", path, "--format", "json", "--output", report])
      #expect(result.status == 2, "\(result.standardError)")
      #expect(result.standardError.contains(path), "the message names the file")
      #expect(
        result.standardError.contains(try #require(Self.scenarioReasons[input])), "\(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: report))
      #expect(try Self.leftovers(in: directory).isEmpty)
    }
  }

  /// `epsim tui FILE` reads the file before it looks for a terminal, with `epsim run`'s checks,
  /// so each bad file is refused with the same reason and the terminal is never touched.
  @Test(arguments: HostileFile.allCases)
  func tuiRefusesTheFileBeforeTheTerminal(_ input: HostileFile) throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let path = try input.make(.scenario, in: directory)
      let result = try EpsimExecutable.run(["tui", path])
      #expect(result.status == 2, "\(result.standardError)")
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.standardError.contains(try #require(Self.scenarioReasons[input])), "\(result.standardError)")
      #expect(!result.standardError.contains("needs a terminal"))
    }
  }

  @Test(arguments: HostileFile.allCases)
  func lintRefusesTheInfoPlist(_ input: HostileFile) throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let path = try input.make(.xmlPlist, in: directory)
      let result = try EpsimExecutable.run(["lint", path])
      #expect(result.status == 2, "\(result.standardError)")
      #expect(result.standardError.contains(path))
      #expect(
        result.standardError.contains(try #require(Self.plistReasons[input])), "\(result.standardError)")
    }
  }

  @Test(arguments: HostileFile.allCases)
  func lintRefusesTheEntitlements(_ input: HostileFile) throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let path = try input.make(.xmlPlist, in: directory)
      let result = try EpsimExecutable.run([
        "lint", "docs/examples/plist/notice-sheet.plist", "--entitlements", path,
      ])
      #expect(result.status == 2, "\(result.standardError)")
      #expect(
        result.standardError.contains(try #require(Self.plistReasons[input])), "\(result.standardError)")
    }
  }

  /// A file that never ends is read only up to the limit.
  @Test(arguments: [
    (["run", "/dev/zero"], "more than the 16777216 bytes a scenario may have"),
    (["lint", "/dev/zero"], "more than the 16777216 bytes a property list may have"),
    (
      ["lint", "docs/examples/plist/notice-sheet.plist", "--entitlements", "/dev/zero"],
      "more than the 16777216"
    ),
  ])
  func endlessFilesStopAtTheLimit(_ arguments: [String], _ reason: String) throws {
    let result = try EpsimExecutable.run(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains("/dev/zero: the file holds \(reason)"), "\(result.standardError)")
  }

  @Test func lintRefusesATruncatedBinaryPlist() throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let path = try HostileFile.truncated.make(.binaryPlist, in: directory)
      let result = try EpsimExecutable.run(["lint", path])
      #expect(result.status == 2)
      #expect(result.standardError.contains("the binary property list is damaged"))
    }
  }

  /// Tokens as arguments and on standard input: empty, binary, huge, Latin-1, nested too deep.
  @Test(arguments: [
    (["decode", ""], "", "The token is empty"),
    (["decode", String(repeating: "A", count: 100_000)], "", "more than the 16384 bytes"),
    (["decode"], "\u{0}\u{1}\u{2}binary\n", "Invalid Base64URL character U+0000"),
    (["decode"], "caf\u{E9}\n", "Invalid Base64URL character"),
    (["decode", Self.nestedToken(depth: 5_000)], "", "more than 64 levels deep"),
    (["decode"], "", "no tokens"),
  ])
  func decodeRefusesBadTokens(_ arguments: [String], _ input: String, _ reason: String) throws {
    let result = try EpsimExecutable.run(arguments, input: input)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains(reason), "\(result.standardError)")
  }

  /// Bad option values name the option, and `--output` is never created.
  @Test(arguments: [
    (["--customers", "0"], "--customers must be at least 1"),
    (["--customers", "-1"], "--customers must be at least 1 (got -1)"),
    (["--customers", "9223372036854775807"], "--customers must be at most 1000000000"),
    (["--customers", "99999999999999999999"], "'99999999999999999999' is invalid for '--customers"),
    (["--customers", "ten"], "'ten' is invalid for '--customers"),
    (["--customers", "1", "--days", "0"], "--days must be at least 1"),
    (["--customers", "1", "--days", "-5"], "--days must be at least 1"),
    (["--customers", "1", "--days", "3651"], "--days must be at most 3650"),
    (["--customers", "1", "--seed", "-1"], "'-1' is invalid for '--seed"),
    (["--customers", "1", "--jobs", "0"], "--jobs must be between 1 and 256"),
    (["--customers", "1", "--jobs", "-2"], "--jobs must be between 1 and 256"),
    (["--customers", "1", "--format", "xml"], "'xml' is invalid for '--format"),
    (["--customers", "1", "--env", "moon"], "'moon' is invalid for '--env"),
  ])
  func generateRefusesBadOptions(_ options: [String], _ reason: String) throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let output = directory.appendingPathComponent("tokens.jsonl").path
      let result = try EpsimExecutable.run(["generate"] + options + ["--output", output])
      #expect(result.status == 2, "\(result.standardError)")
      #expect(result.standardError.contains(reason), "\(result.standardError)")
      #expect(try Self.leftovers(in: directory).isEmpty)
    }
  }

  @Test func generateRefusesAnOutputThatIsADirectory() throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let result = try EpsimExecutable.run(["generate", "--customers", "2", "--output", directory.path])
      #expect(result.status == 2)
      #expect(result.standardError.contains("cannot write \(directory.path)"))
      #expect(try Self.leftovers(in: directory).isEmpty)
    }
  }

  @Test(arguments: [
    (["--seed", "-1"], "'-1' is invalid for '--seed"),
    (["--seed", "18446744073709551616"], "is invalid for '--seed"),
    (["--only", "maybe"], "'maybe' is invalid for '--only"),
    (["--format", "csv"], "'csv' is invalid for '--format"),
  ])
  func craftRefusesBadOptions(_ options: [String], _ reason: String) throws {
    let result = try EpsimExecutable.run(["craft"] + options)
    #expect(result.status == 2)
    #expect(result.standardError.contains(reason), "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func samplesRefusesAFile() throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let file = try HostileFile.binary.make(.scenario, in: directory)
      let result = try EpsimExecutable.run(["samples", file])
      #expect(result.status == 2)
      #expect(result.standardError.contains("\(file): it is a file, not a directory"))
    }
  }

  /// A directory where one sample file should go makes the whole write fail before any file
  /// changes: no samples, no temporary files.
  @Test func samplesWritesAllOrNothing() throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let blocker = directory.appendingPathComponent("sandbox-services.json")
      try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
      let result = try EpsimExecutable.run(["samples", directory.path])
      #expect(result.status == 2)
      #expect(result.standardError.contains("sandbox-services.json: a directory is in the way"))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sandbox-services.json"])
    }
  }

  @Test func samplesLeavesNoDirectoryWhenItCannotWrite() throws {
    try TemporaryFolder.with("epsim-hostile") { directory in
      let result = try EpsimExecutable.run(["samples", directory.path + "/missing/parent"])
      #expect(result.status == 2)
      #expect(result.standardError.contains("No such file or directory"))
      #expect(try Self.leftovers(in: directory).isEmpty)
    }
  }

  /// Files in `directory` other than the inputs the test made (hidden temporary files too).
  static func leftovers(in directory: URL) throws -> [String] {
    let made = Set(HostileFile.allCases.map(\.rawValue))
    return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      !made.contains(String($0.prefix { $0 != "." })) || $0.hasPrefix(".")
    }
  }

  static func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make("epsim-hostile")
  }

  /// A token whose JSON nests `depth` arrays in an extra field.
  static func nestedToken(depth: Int) -> String {
    let json = "{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    return Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
