import Foundation
import SharedTestSupport

/// Runs the built `epsim` binary for end-to-end tests of the command line.
///
/// Finding the binary: SwiftPM puts executables in the same products directory as the
/// test bundle (`.build*/debug/` next to `epsimPackageTests.xctest`, which on Linux is
/// itself an executable, and on macOS a bundle whose binary sits in `Contents/MacOS`).
/// So the search starts at the running test binary (`CommandLine.arguments[0]`) and at
/// `Bundle.main`, and walks up a few directories looking for an executable file named
/// `epsim`. Set `EPSIM_EXECUTABLE` to a path to override the search.
enum EpsimExecutable {
  typealias Outcome = ProcessOutcome

  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "no epsim executable found near the test binary; searched: " + searched.joined(separator: ", ")
    }
  }

  static func locate() throws -> URL {
    if let override = ProcessInfo.processInfo.environment["EPSIM_EXECUTABLE"] {
      return URL(fileURLWithPath: override)
    }
    let testBinary = URL(
      fileURLWithPath: CommandLine.arguments[0],
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let starts = [
      testBinary.deletingLastPathComponent(), Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    var searched: [String] = []
    for start in starts {
      var directory = start.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("epsim")
        searched.append(candidate.path)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw NotFound(searched: searched)
  }

  /// The repository checkout, where the tests run `epsim` so paths like `docs/examples/` resolve.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `epsim` with `arguments` in the repository root, feeding `input` on standard input,
  /// with `environment` added to this process's.
  ///
  /// Input and outputs go through temporary files, not pipes, so a large output can never
  /// fill a pipe and deadlock the test.
  static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
    -> Outcome
  {
    try run(program: try locate(), arguments, input: input, environment: environment)
  }

  /// Runs any `program` the same way, in `directory` (the repository by default), with
  /// `environment` added to this process's.
  static func run(
    program: URL, _ arguments: [String], input: String = "", in directory: URL = repository,
    environment: [String: String] = [:]
  ) throws -> Outcome {
    let raw = try runRaw(
      program: program, arguments, input: Data(input.utf8), in: directory, environment: environment)
    return Outcome(status: raw.status, output: raw.standardOutput, errors: raw.standardError)
  }

  /// What `run` sees, as the bytes the process wrote.
  struct RawOutcome {
    var status: Int32
    var standardOutput: Data
    var standardError: Data
  }

  /// `run` of `epsim` with any bytes on standard input, returning the output bytes undecoded.
  static func runRaw(_ arguments: [String], input: Data) throws -> RawOutcome {
    try runRaw(program: try locate(), arguments, input: input)
  }

  /// Runs `program` with `input` bytes on standard input; the output bytes undecoded.
  static func runRaw(
    program: URL, _ arguments: [String], input: Data, in directory: URL = repository,
    environment: [String: String] = [:]
  ) throws -> RawOutcome {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let inputFile = files.appendingPathComponent("stdin")
    let outputFile = files.appendingPathComponent("stdout")
    let errorFile = files.appendingPathComponent("stderr")
    try input.write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    // A command that should end but does not (a `serve` that starts when a test expected it to
    // refuse) would hang the whole suite: past the limit it is killed, and its outcome says so.
    let pid = process.processIdentifier
    let guardian = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.hangLimitSeconds), execute: guardian)
    process.waitUntilExit()
    guardian.cancel()
    var errors = try Data(contentsOf: errorFile)
    if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
      errors += Data(
        "\n[test helper: epsim did not end within \(Self.hangLimitSeconds) s and was killed]\n".utf8)
    }
    return RawOutcome(
      status: process.terminationStatus, standardOutput: try Data(contentsOf: outputFile),
      standardError: errors)
  }

  /// How long a command may run before the helper kills it: far beyond any command the tests run
  /// (the slowest take a few seconds), so it only ends a hang.
  static let hangLimitSeconds = 300
}
