import Foundation
import Testing

/// `epsim generate --purchases-out`: the file, its determinism and the option's errors.
@Suite("epsim generate --purchases-out")
struct GeneratePurchasesCLITests {
  @Test func writesTheHistoriesBesideUnchangedTokens() throws {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = directory.appendingPathComponent("first.jsonl").path
    let second = directory.appendingPathComponent("second.jsonl").path
    let arguments = ["generate", "--customers", "120", "--seed", "9", "--days", "90"]
    let plain = try EpsimExecutable.run(arguments)
    let withPurchases = try EpsimExecutable.run(arguments + ["--purchases-out", first])
    #expect(withPurchases.status == 0, "\(withPurchases.standardError)")
    // The token stream is the same with or without purchases.
    #expect(withPurchases.standardOutput == plain.standardOutput)
    _ = try EpsimExecutable.run(arguments + ["--purchases-out", second, "--jobs", "2"])
    let bytes = try String(contentsOfFile: first, encoding: .utf8)
    #expect(try String(contentsOfFile: second, encoding: .utf8) == bytes)
    let lines = bytes.split(separator: "\n")
    #expect(lines.count > 20)
    let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    let transaction = object?["transaction"] as? [String: Any]
    #expect(object?["customer"] is String)
    #expect(transaction?["transactionId"] is String)
    // The purchases belong to the same app as the tokens.
    #expect(transaction?["bundleId"] as? String == "com.example.epsim")
  }

  @Test(arguments: [
    (["--purchases-out", ""], "--purchases-out needs a file path"),
    (["--purchases-out", "SAME"], "--purchases-out and --output must be different files"),
    (["--purchases-out", "/nonexistent/dir/p.jsonl"], "cannot write /nonexistent/dir/p.jsonl"),
  ])
  func refusesBadPaths(_ options: [String], _ reason: String) throws {
    let directory = try HostileInputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("tokens.jsonl").path
    let resolved = options.map { $0 == "SAME" ? output : $0 }
    let result = try EpsimExecutable.run(
      ["generate", "--customers", "3", "--output", output] + resolved)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains(reason), "\(result.standardError)")
    // Neither file appears, nor any temporary one.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
