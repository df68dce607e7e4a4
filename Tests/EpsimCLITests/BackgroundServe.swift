import Foundation
import Testing

/// One `epsim serve --port 0` in the background for a CLI test: its output in files (never a
/// pipe, which a chatty server could fill), its base URL read from the banner.
struct BackgroundServe {
  let process: Process
  let folder: URL
  /// `http://127.0.0.1:PORT` or `https://...`, as the banner prints it.
  let base: String

  /// Starts `epsim serve ARGUMENTS --port 0` with `environment` added, and waits (30 s at most)
  /// for its banner.
  static func start(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> BackgroundServe
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-bg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("stdout")
    let errors = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = try EpsimExecutable.locate()
    process.arguments = ["serve"] + arguments + ["--port", "0"]
    process.currentDirectoryURL = EpsimExecutable.repository
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    var base: String?
    for _ in 0..<300 where base == nil && process.isRunning {
      let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      if let range = text.range(of: #"https?://[^ \n]+"#, options: .regularExpression), text.contains("\n") {
        base = String(text[range])
      } else {
        try await Task.sleep(for: .milliseconds(100))
      }
    }
    guard let base else {
      if process.isRunning { process.terminate() }
      let said = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
      throw BackgroundServeError.didNotStart(said)
    }
    return BackgroundServe(process: process, folder: folder, base: base)
  }

  var standardOutput: String { read("stdout") }
  var standardError: String { read("stderr") }

  private func read(_ name: String) -> String {
    String(decoding: (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
  }

  /// SIGTERM, then the exit status; the output files are removed.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return process.terminationStatus
  }

  func removeFiles() { try? FileManager.default.removeItem(at: folder) }
}

enum BackgroundServeError: Error {
  case didNotStart(String)
}

/// `curl` with `arguments`, for HTTPS with a chosen CA: Foundation on Linux has no way to trust
/// one root for one request. Returns curl's exit status and what it printed.
func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let outcome = try EpsimExecutable.run(
    program: URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "--max-time", "20"] + arguments)
  return (outcome.status, outcome.standardOutput)
}

/// A P-256 private key (PEM, PKCS #8) in a new temporary file, made by openssl, for --public-key.
func temporarySigningKey() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "epsim-key-\(UUID().uuidString).p8"
  ).path
  let made = try EpsimExecutable.run(
    program: URL(fileURLWithPath: "/usr/bin/env"),
    ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path])
  try #require(made.status == 0, "openssl: \(made.standardError)")
  return path
}
