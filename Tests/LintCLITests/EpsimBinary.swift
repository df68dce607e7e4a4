import Foundation

/// Finds and runs the `epsim` executable that SwiftPM built next to this test bundle.
///
/// The test target depends on the `epsim` target, so `swift test` builds the binary into the
/// same directory as the test bundle (`.build/debug/`). The directories of the running test
/// process and of every loaded `.xctest` bundle are searched, with their parents, for a file
/// named `epsim` that can be executed.
enum EpsimBinary {
  /// The result of one run.
  struct Run {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  static let url: URL? = {
    var directories: [URL] = [
      Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
      .map { $0.deletingLastPathComponent() }
    for directory in directories {
      var candidate = directory
      for _ in 0..<3 {
        let binary = candidate.appendingPathComponent("epsim")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        candidate = candidate.deletingLastPathComponent()
      }
    }
    return nil
  }()

  /// Runs `epsim` with `arguments` and waits for it to finish.
  static func run(_ arguments: [String]) throws -> Run {
    guard let url else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes before waiting, so a large report cannot fill a pipe and block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
