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

  /// docs/server.md's integration test starts the server in the background and reads its address
  /// from the log; run as written (without its key file: the server then makes a key), the
  /// address must not come out empty however slowly the server starts.
  @Test func theDocumentedSnippetWaitsForTheAddress() throws {
    let doc = try String(
      contentsOf: EpsimExecutable.repository.appendingPathComponent("docs/server.md"), encoding: .utf8)
    let section = try #require(doc.components(separatedBy: "### An integration test, step by step").last)
    let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first)
    // Its setup: the lines up to the first blank one.
    let lines = block.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    try #require(lines.contains { $0.hasPrefix("EPSIM=") })

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: EpsimExecutable.repository.appendingPathComponent("docs/examples/refresh-forced.epsim"),
      to: folder.appendingPathComponent("world.epsim"))
    // `epsim` on the PATH, so the background job is the server itself and the trap stops it.
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("epsim"), withDestinationURL: try EpsimExecutable.locate())
    let script =
      ["trap 'kill $(jobs -p) 2>/dev/null; wait' EXIT"]
      + lines.map { $0.replacingOccurrences(of: " --public-key AuthKey.p8", with: "") } + ["echo \"$EPSIM\""]
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let outcome = try EpsimExecutable.run(
      program: URL(fileURLWithPath: "/bin/bash"), ["-c", script.joined(separator: "\n")], in: folder,
      environment: ["PATH": bin.path + ":" + path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.hasPrefix("http://127.0.0.1:"), "\(outcome.standardOutput)")
  }

  @Test func anUnreadableKeyIsBadInput() throws {
    let result = try EpsimExecutable.run(["serve", "--public-key", "/nonexistent.pem", "--port", "0"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("/nonexistent.pem: cannot read the file"))
    let port = try EpsimExecutable.run(["serve", "--port", "70000"])
    #expect(port.status == 2)
  }
}
