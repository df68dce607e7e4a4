import Foundation
import SharedTestSupport
import Testing

@Suite("epsim report: plan and check")
struct ReportCommandTests {
  /// Production: alice installs, gets a refreshed SERVICES token, a day passes.
  static let scenario =
    ScenarioSetup.aliceInTheNetherlands(
      "production", bundle: "com.example.shop", version: "1.0", installed: true) + """
      request SERVICES on alice.iphone
      force-refresh
      request SERVICES on alice.iphone  expect refreshed id
      advance 1d
      """

  /// A temporary folder with the scenario, removed by the caller.
  /// Runs `body` in a temporary folder holding the scenario as world.epsim, removed afterwards.
  private func withWorld<T>(scenario: String = Self.scenario, _ body: (URL) throws -> T) throws -> T {
    let directory = try folder(scenario: scenario)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }

  private func folder(scenario: String = Self.scenario) throws -> URL {
    let directory = try TemporaryFolder.make("epsim-report")
    try Data(scenario.utf8).write(to: directory.appendingPathComponent("world.epsim"))
    return directory
  }

  private func plans(_ directory: URL, _ extra: [String] = []) throws -> [[String: Any]] {
    let result = try EpsimExecutable.run(
      ["report", "plan", directory.appendingPathComponent("world.epsim").path, "--json"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
  }

  @Test func planListsEveryTokenWithItsStatus() throws {
    try withWorld { directory in
      let plans = try plans(directory)
      #expect(plans.map { $0["status"] as? String } == ["NO_LINE_ITEM", "NO_LINE_ITEM", "DUPLICATE_TOKEN"])
      #expect(plans.map { $0["tokenType"] as? String } == ["ACQUISITION", "SERVICES", "SERVICES"])
      let text = try EpsimExecutable.run([
        "report", "plan", directory.appendingPathComponent("world.epsim").path,
      ])
      #expect(text.status == 0)
      #expect(
        text.standardOutput.hasPrefix(
          "Reports for 3 tokens at 2026-03-02T09:00:00.000Z, each with its body for PUT /externalPurchase/v1/reports:"
        ))
      #expect(text.standardOutput.contains("DUPLICATE_TOKEN"))
    }
  }

  /// The text listing carries the same ready bodies as --json, one per token, under its line.
  @Test func planTextIncludesTheRequestBodies() throws {
    try withWorld { directory in
      let world = directory.appendingPathComponent("world.epsim").path
      let text = try EpsimExecutable.run(["report", "plan", world])
      #expect(text.status == 0, "\(text.standardError)")
      let bodies = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("    {") }
      let expected = try plans(directory).compactMap { $0["report"] as? [String: Any] }
      try #require(bodies.count == expected.count && expected.count == 3)
      for (line, report) in zip(bodies, expected) {
        let body = try #require(
          try JSONSerialization.jsonObject(with: Data(line.dropFirst(4).utf8)) as? [String: Any])
        #expect(body["requestIdentifier"] as? String == report["requestIdentifier"] as? String)
        #expect(body["status"] as? String == report["status"] as? String)
      }
    }
  }

  @Test func planAtAnEarlierTimeAndWithSampleLineItems() throws {
    try withWorld { directory in
      #expect(try plans(directory, ["--at", "2026-03-01T08:59:59.999Z"]).isEmpty)
      let sampled = try plans(directory, ["--sample-line-items"])
      #expect(sampled.map { $0["status"] as? String } == ["NO_LINE_ITEM", "LINE_ITEM", "DUPLICATE_TOKEN"])
    }
  }

  @Test func plannedBodiesPassTheCheck() throws {
    try withWorld { directory in
      let reports = try plans(directory, ["--sample-line-items"]).compactMap { $0["report"] }
      let file = directory.appendingPathComponent("reports.json")
      try JSONSerialization.data(withJSONObject: reports).write(to: file)
      let result = try EpsimExecutable.run(
        ["report", "check", directory.appendingPathComponent("world.epsim").path, file.path])
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      #expect(result.standardOutput.components(separatedBy: ": accepted").count == 4)
    }
  }

  @Test func aRejectedReportExitsOneWithErrorNamesAndFields() throws {
    try withWorld { directory in
      var report = try #require(try plans(directory).first?["report"] as? [String: Any])
      report["status"] = "DUPLICATE_TOKEN"  // the ACQUISITION token was never refreshed
      let file = directory.appendingPathComponent("report.json")
      try JSONSerialization.data(withJSONObject: report).write(to: file)
      let world = directory.appendingPathComponent("world.epsim").path
      let text = try EpsimExecutable.run(["report", "check", world, file.path])
      #expect(text.status == 1)
      #expect(text.standardOutput.contains("rejected, 1 error:"))
      #expect(text.standardOutput.contains("DuplicateTokenStatusNotAllowedError"))
      #expect(text.standardOutput.contains("fieldName status"))

      let json = try EpsimExecutable.run(["report", "check", world, file.path, "--json"])
      #expect(json.status == 1)
      let verdicts = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
      let errors = try #require(verdicts.first?["errors"] as? [[String: Any]])
      #expect(errors.first?["fieldName"] as? String == "status")
      #expect(verdicts.first?["status"] as? Int == 400)
    }
  }

  @Test func badInputExitsTwoSayingWhere() throws {
    let directory = try folder(scenario: "environment production\nfly to the moon\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let world = directory.appendingPathComponent("world.epsim").path
    let parse = try EpsimExecutable.run(["report", "plan", world])
    #expect(parse.status == 2)
    #expect(parse.standardError.contains("world.epsim:2:1"))

    try withWorld { good in
      let notJSON = good.appendingPathComponent("report.json")
      try Data("{nope".utf8).write(to: notJSON)
      let goodWorld = good.appendingPathComponent("world.epsim").path
      let check = try EpsimExecutable.run(["report", "check", goodWorld, notJSON.path])
      #expect(check.status == 2)
      #expect(check.standardError.contains("report.json: the file is not JSON"))
      let missing = try EpsimExecutable.run(["report", "check", goodWorld, "/nonexistent/report.json"])
      #expect(missing.status == 2)
      #expect(missing.standardError.contains("/nonexistent/report.json: no such file"))
      let time = try EpsimExecutable.run(["report", "plan", goodWorld, "--at", "soon"])
      #expect(time.status == 2)
      #expect(time.standardError.contains("--at must be"))
    }
  }
}
