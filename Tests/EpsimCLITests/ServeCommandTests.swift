import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("epsim serve: the binary serves a scenario's world and stops on SIGTERM")
struct ServeCommandTests {
  @Test func servesTheScenarioWorldUntilTerminated() async throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-serve-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = try EpsimExecutable.locate()
    process.arguments = ["serve", "--scenario", "docs/examples/refresh-forced.epsim", "--port", "0"]
    process.currentDirectoryURL = EpsimExecutable.repository
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The banner names the port; poll the file it is written to (bounded: 30 s).
    var base: String?
    for _ in 0..<300 where base == nil {
      let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      base = text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map {
        String($0.prefix { !$0.isWhitespace })
      }
      if base == nil { try await Task.sleep(for: .milliseconds(100)) }
    }
    let url = try #require(base.flatMap { URL(string: "\($0)/epsim/v1/tokens") })
    let (data, _) = try await URLSession.shared.data(from: url)
    let tokens = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(tokens.count == 4, "the scenario's four tokens")

    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func anUnreadableKeyIsBadInput() throws {
    let result = try EpsimExecutable.run(["serve", "--public-key", "/nonexistent.pem", "--port", "0"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("/nonexistent.pem: cannot read the file"))
    let port = try EpsimExecutable.run(["serve", "--port", "70000"])
    #expect(port.status == 2)
  }
}
