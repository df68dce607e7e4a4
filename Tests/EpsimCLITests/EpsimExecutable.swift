import Foundation

/// Runs the built `epsim` binary for end-to-end tests of the command line.
///
/// Finding the binary: SwiftPM puts executables in the same products directory as the
/// test bundle (`.build*/debug/` next to `epsimPackageTests.xctest`, which on Linux is
/// itself an executable, and on macOS a bundle whose binary sits in `Contents/MacOS`).
/// So the search starts at the running test binary (`CommandLine.arguments[0]`) and at
/// `Bundle.main`, and walks up a few directories looking for an executable file named
/// `epsim`. Set `EPSIM_EXECUTABLE` to a path to override the search.
enum EpsimExecutable {
  struct Outcome {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

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

  /// Runs `epsim` with `arguments` in the repository root, feeding `input` on standard input.
  ///
  /// Input and outputs go through temporary files, not pipes, so a large output can never
  /// fill a pipe and deadlock the test.
  static func run(_ arguments: [String], input: String = "") throws -> Outcome {
    let raw = try runRaw(arguments, input: Data(input.utf8))
    return Outcome(
      status: raw.status, standardOutput: String(decoding: raw.standardOutput, as: UTF8.self),
      standardError: String(decoding: raw.standardError, as: UTF8.self))
  }

  /// What `run` sees, as the bytes the process wrote.
  struct RawOutcome {
    var status: Int32
    var standardOutput: Data
    var standardError: Data
  }

  /// `run` with any bytes on standard input, returning the output bytes undecoded.
  static func runRaw(_ arguments: [String], input: Data) throws -> RawOutcome {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("stdin")
    let outputFile = directory.appendingPathComponent("stdout")
    let errorFile = directory.appendingPathComponent("stderr")
    try input.write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

    let process = Process()
    process.executableURL = try locate()
    process.arguments = arguments
    process.currentDirectoryURL = repository
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    return RawOutcome(
      status: process.terminationStatus, standardOutput: try Data(contentsOf: outputFile),
      standardError: try Data(contentsOf: errorFile))
  }
}
