import Foundation
import Testing

/// Runs `interop/run`: Apple's app-store-server-library and an independent PyJWT + cryptography
/// stack, installed unmodified from PyPI into `.build/interop-venv`, against the built
/// `epsim serve`. Compatibility is only claimed where a client nobody here wrote accepts epsim;
/// the suite itself is in `interop/` (see interop/README.md).
@Suite("Interoperability with clients nobody here wrote")
struct InteroperabilityTests {
  @Test func applesServerLibraryAndAnIndependentStackAcceptEpsim() throws {
    let binary = try EpsimExecutable.locate()
    let script = EpsimExecutable.repository.appendingPathComponent("interop/run")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-interop-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let output = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = script
    process.arguments = ["--epsim", binary.path]
    process.currentDirectoryURL = EpsimExecutable.repository
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try output.close()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    #expect(process.terminationStatus == 0, "interop/run failed:\n\(text)")
    // The suite ran tests rather than nothing: pytest's summary names how many passed.
    #expect(text.range(of: #"\d+ passed"#, options: .regularExpression) != nil, "\(text)")
  }
}
