import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("epsim serve: the binary serves a scenario's world and stops on SIGTERM")
struct ServeCommandTests {
  /// Runs `epsim serve --port 0` with `arguments`, hands `body` the base URL from its banner, then
  /// stops it with SIGTERM and checks that it exits cleanly.
  private func serving(_ arguments: [String], _ body: (String) async throws -> Void) async throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-serve-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = try EpsimExecutable.locate()
    process.arguments = ["serve"] + arguments + ["--port", "0"]
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
    try await body(try #require(base))

    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  private func json(_ url: String) async throws -> [[String: Any]] {
    let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: url)))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  @Test func servesTheScenarioWorldUntilTerminated() async throws {
    try await serving(["--scenario", "docs/examples/refresh-forced.epsim"]) { base in
      let tokens = try await json("\(base)/epsim/v1/tokens")
      #expect(tokens.count == 4, "the scenario's four tokens")
    }
  }

  @Test func servesTheScenariosAppStoreWithItsPurchases() async throws {
    try await serving(["--scenario", "docs/examples/commerce-refund.epsim"]) { base in
      let catalog = try await json("\(base)/epsim/v1/commerce/catalog")
      #expect(catalog.compactMap { $0["productId"] as? String } == ["pro.yearly", "coins.100"])
      let bought = try await json("\(base)/epsim/v1/commerce/customers/dan/transactions")
      let products = bought.compactMap { ($0["payload"] as? [String: Any])?["productId"] as? String }
      #expect(products == ["coins.100", "pro.yearly"])
      #expect((bought.last?["payload"] as? [String: Any])?["revocationType"] as? String == "REFUND_FULL")
    }
  }

  @Test func aStoreKitFileIsTheDemoWorldsCatalog() async throws {
    try await serving(["--storekit", "docs/examples/storekit/Newsstand.storekit"]) { base in
      let catalog = try await json("\(base)/epsim/v1/commerce/catalog")
      #expect(
        catalog.compactMap { $0["productId"] as? String } == [
          "news.back.issue", "news.summer", "news.monthly",
        ])
    }
  }

  @Test func theDemoWorldComesWithTheDemoCatalog() async throws {
    try await serving([]) { base in
      let catalog = try await json("\(base)/epsim/v1/commerce/catalog")
      #expect(catalog.contains { $0["productId"] as? String == "premium.monthly" })
    }
  }

  @Test func rulesChooseTheDemoWorldsEnvironment() async throws {
    for environment in ["production", "sandbox"] {
      try await serving(["--rules", environment]) { base in
        let (data, _) = try await URLSession.shared.data(
          from: try #require(URL(string: "\(base)/epsim/v1/world")))
        let world = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(world["environment"] as? String == environment)
      }
    }
  }

  @Test func rulesAndAScenarioTogetherAreBadInput() throws {
    let result = try EpsimExecutable.run([
      "serve", "--rules", "production", "--scenario", "docs/examples/refresh-forced.epsim", "--port", "0",
    ])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--rules applies to the demo world; a scenario sets its own rules"))
  }

  @Test func anUnreadableKeyIsBadInput() throws {
    let result = try EpsimExecutable.run(["serve", "--public-key", "/nonexistent.pem", "--port", "0"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("/nonexistent.pem: no such file"))
    let port = try EpsimExecutable.run(["serve", "--port", "70000"])
    #expect(port.status == 2)
  }
}
