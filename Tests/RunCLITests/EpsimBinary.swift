import Foundation

/// Finds and runs the `epsim` executable that `swift build` put beside the test bundle.
///
/// SwiftPM builds the executable before this test target (the target depends on `epsim`) into
/// the same products directory as the test bundle, for example `.build/debug/`. On Linux
/// `Bundle.main.bundleURL` is that directory; on macOS it is the `.xctest` bundle inside it, so the
/// search also looks one and two levels up, and in a sibling `debug` directory.
enum EpsimBinary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func find() -> URL? {
    let start = Bundle.main.bundleURL
    let candidates = [
      start, start.deletingLastPathComponent(), start.deletingLastPathComponent().deletingLastPathComponent(),
      start.deletingLastPathComponent().appendingPathComponent("debug"),
    ]
    return candidates.map { $0.appendingPathComponent("epsim") }.first {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
        && FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  /// Runs `epsim` with `arguments` in the repository root and waits for it.
  static func run(_ arguments: [String]) throws -> Result {
    guard let binary = find() else { throw NotFound() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = repository
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting, so a large report cannot fill a pipe and block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  struct NotFound: Error, CustomStringConvertible {
    var description: String { "no epsim executable near \(Bundle.main.bundleURL.path)" }
  }
}
