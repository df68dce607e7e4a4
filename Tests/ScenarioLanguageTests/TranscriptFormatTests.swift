import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import SharedTestSupport
import Testing

@testable import ScenarioLanguage

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Transcripts: JSON, JUnit and text")
struct TranscriptFormatTests {
  static let source =
    ScenarioSetup.aliceInTheNetherlands("sandbox", bundle: "com.example.shop", installed: true) + """
      request SERVICES on alice.iphone  expect new period and nothing
      advance 30m
      force-refresh
      request SERVICES on alice.iphone  expect refreshed id
      install alice.iphone  expect tokens = 2
      request SERVICES on alice.iphone  expect same id
      """

  @Test func sameSeedGivesIdenticalJSONBytes() throws {
    let scenario = try ScenarioParser.parse(Self.source, file: "a.epsim")
    let first = TranscriptJSON.document([ScenarioRunner().run(scenario, file: "a.epsim")])
    let second = TranscriptJSON.document([ScenarioRunner().run(scenario, file: "a.epsim")])
    #expect(Data(first.utf8) == Data(second.utf8))
    let otherSeed = TranscriptJSON.document([ScenarioRunner(seedOverride: 1).run(scenario, file: "a.epsim")])
    #expect(first != otherSeed)
  }

  @Test func jsonFollowsSchemaVersion1() throws {
    let scenario = try ScenarioParser.parse(Self.source, file: "a.epsim")
    let text = TranscriptJSON.document([ScenarioRunner().run(scenario, file: "a.epsim")])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(root["schemaVersion"] as? Int == 2)
    let scenarios = try #require(root["scenarios"] as? [[String: Any]])
    let run = try #require(scenarios.first)
    #expect(run["file"] as? String == "a.epsim")
    #expect(run["passed"] as? Bool == false)
    #expect(run["seed"] as? Int == 42)
    #expect(run["environment"] as? String == "sandbox")
    #expect(run["start"] as? String == "2026-03-01T09:00:00.000Z")
    let steps = try #require(run["steps"] as? [[String: Any]])
    #expect(steps.map { $0["line"] as? Int } == [4, 5, 6, 7, 8])
    let request = try #require(steps[1]["result"] as? [String: Any])
    #expect(request["kind"] as? String == "token")
    let token = try #require(request["token"] as? [String: Any])
    #expect(token["disposition"] as? String == "new-period")
    #expect(token["periodOrdinal"] as? Int == 1)
    #expect(token["refresh"] as? Bool == false)
    let decoded = try #require(token["decoded"] as? [String: Any])
    #expect(decoded["tokenExpirationDate"] as? Int64 == 1_772_359_200_000)
    #expect((decoded["externalPurchaseId"] as? String)?.hasPrefix("SANDBOX_") == true)
    let refreshed = try #require((steps[4]["result"] as? [String: Any])?["token"] as? [String: Any])
    #expect(refreshed["refresh"] as? Bool == true)
    #expect(refreshed["disposition"] as? String == "refreshed")
    let expectations = try #require(steps[1]["expectations"] as? [[String: Any]])
    #expect(expectations.map { $0["status"] as? String } == ["passed", "failed"])
    #expect(expectations[1]["expected"] as? String == "no token (nil)")
    let failure = try #require(run["failure"] as? [String: Any])
    #expect(failure["line"] as? Int == 9)
    #expect(
      failure["message"] as? String == "the app is already installed on alice.iphone; use update or uninstall"
    )
    let notRun = try #require(run["notRun"] as? [[String: Any]])
    #expect(notRun.map { $0["line"] as? Int } == [9, 10])
    let summary = try #require(run["summary"] as? [String: Any])
    #expect(summary["expectations"] as? Int == 5)
    #expect(summary["passed"] as? Int == 2)
    #expect(summary["failed"] as? Int == 1)
    #expect(summary["notRun"] as? Int == 2)
  }

  @Test func junitIsWellFormedAndCountsCases() throws {
    let scenario = try ScenarioParser.parse(Self.source, file: "a.epsim")
    var transcript = ScenarioRunner().run(scenario, file: "a <&> \"quoted\" 'file'.epsim")
    transcript.entries[1].expectations[1].actual = "control \u{1} and ]]> & <tag>"
    let xml = TranscriptJUnit.document([transcript, transcript])
    let summary = try JUnitSummary(xml)
    #expect(summary.suites == 2)
    #expect(summary.suiteNames == ["a <&> \"quoted\" 'file'.epsim", "a <&> \"quoted\" 'file'.epsim"])
    #expect(summary.testcases == 12)
    #expect(summary.failures == 2)
    #expect(summary.errors == 2)
    #expect(summary.skipped == 4)
    #expect(summary.rootAttributes["tests"] == "12")
    #expect(summary.rootAttributes["failures"] == "2")
    #expect(
      summary.failureMessages.first == "expected no token (nil), actual control \u{FFFD} and ]]> & <tag>")
  }

  @Test func textShowsStepsAndVerdicts() throws {
    let scenario = try ScenarioParser.parse(Self.source, file: "a.epsim")
    let text = TranscriptText.document([ScenarioRunner().run(scenario, file: "a.epsim")])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "a.epsim: sandbox, seed 42, start 2026-03-01T09:00:00.000Z")
    #expect(lines[1] == "  4  2026-03-01T09:00:00.000Z  install alice.iphone  ->  no period started")
    #expect(
      lines[2].hasPrefix(
        "  5  2026-03-01T09:00:00.000Z  request SERVICES on alice.iphone  ->  SERVICES token SANDBOX_"))
    #expect(lines[3] == "     ok    expect new period")
    #expect(
      lines[4].hasPrefix("     FAIL  expect nothing: expected no token (nil), actual SERVICES token SANDBOX_")
    )
    #expect(
      lines.contains(
        "  STOPPED at line 9 (install alice.iphone): the app is already installed on alice.iphone; use update or uninstall"
      ))
    #expect(lines.contains("  not run: line 10: expect same id"))
    #expect(lines.last == "stopped: 2 passed, 1 failed, 2 not run")
  }
}

/// Reads a JUnit document with Foundation's XMLParser; throws when it is not well-formed.
final class JUnitSummary: NSObject, XMLParserDelegate {
  var suites = 0
  var suiteNames: [String] = []
  var testcases = 0
  var failures = 0
  var errors = 0
  var skipped = 0
  var rootAttributes: [String: String] = [:]
  var failureMessages: [String] = []

  struct NotWellFormed: Error { var reason: String }

  init(_ xml: String) throws {
    super.init()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw NotWellFormed(reason: parser.parserError.map { "\($0)" } ?? "unknown")
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch elementName {
    case "testsuites": rootAttributes = attributes
    case "testsuite":
      suites += 1
      suiteNames.append(attributes["name"] ?? "")
    case "testcase": testcases += 1
    case "failure":
      failures += 1
      failureMessages.append(attributes["message"] ?? "")
    case "error": errors += 1
    case "skipped": skipped += 1
    default: break
    }
  }
}
