import Foundation
import Testing

@testable import ScenarioLanguage

@Suite("docs/examples and test fixtures")
struct ExampleTests {
  /// Every example in docs/examples passes; new files are picked up automatically.
  @Test func everyExampleRunsGreen() throws {
    let files = try TestFiles.scenarios(in: TestFiles.examples)
    #expect(files.count >= 20)
    #expect(files.contains { $0.lastPathComponent == "readme-example.epsim" })
    for file in files {
      let name = TestFiles.relative(file)
      let transcript = ScenarioRunner().run(
        try ScenarioParser.parse(try TestFiles.text(file), file: name), file: name)
      #expect(transcript.passed, "\(TranscriptText.problems(transcript).joined(separator: "\n"))")
      #expect(!transcript.expectations.isEmpty, "\(name) checks nothing")
    }
  }

  @Test func failingExpectationFixtureFailsAtItsLines() throws {
    let transcript = try runFixture("failing-expectation.epsim")
    #expect(transcript.failure == nil)
    #expect(
      TranscriptText.problems(transcript) == [
        "Tests/ScenarioLanguageTests/Fixtures/failing-expectation.epsim:8:42: expect token: expected a token, "
          + "actual no token (nil): SERVICES period 1 expired at 2027-03-01T09:00:00.000Z; "
          + "a new one starts only on an update or redownload",
        "Tests/ScenarioLanguageTests/Fixtures/failing-expectation.epsim:9:8: expect SERVICES active: "
          + "expected active for alice, actual expired for alice (period 1 ended 2027-03-01T09:00:00.000Z)",
      ])
  }

  @Test func engineRefusalFixtureStopsAtItsLine() throws {
    let transcript = try runFixture("failing-engine-refusal.epsim")
    #expect(
      TranscriptText.problems(transcript) == [
        "Tests/ScenarioLanguageTests/Fixtures/failing-engine-refusal.epsim:7:1: the engine refused "
          + "'install alice.iphone': the app is already installed on alice.iphone; use update or uninstall"
      ])
    #expect(transcript.notRun.map(\.location.line) == [8])
  }

  @Test(arguments: [
    (
      "invalid-typo.epsim",
      [
        "5:1: expected a step, a rule change or 'expect', found 'requst'; did you mean 'request'?",
        "6:9: expected a token type (ACQUISITION, SERVICES, IN_APP or LINK_OUT) or a typed request (withinApp or outOfApp), found 'SERVICE'; did you mean 'SERVICES'?",
      ]
    ),
    (
      "invalid-order.epsim",
      [
        "4:9: expected a known device (alice.iphone), found 'bob.iphone'",
        "5:10: expected a duration such as 1h, 30m, 59m59.999s or 1ms, found '1x' ('x' is not a unit: use d, h, m, s or ms)",
        "6:1: expected a step, a rule change or 'expect', found 'seed' (setup lines go before the first step, line 4)",
      ]
    ),
  ])
  func invalidFixturesGiveLineAndColumn(file: String, messages: [String]) throws {
    let url = TestFiles.fixtures.appendingPathComponent(file)
    let name = TestFiles.relative(url)
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(try TestFiles.text(url), file: name)
    }
    #expect(error.errors.map(\.description) == messages.map { "\(name):\($0)" })
  }

  private func runFixture(_ file: String) throws -> Transcript {
    let url = TestFiles.fixtures.appendingPathComponent(file)
    let name = TestFiles.relative(url)
    return ScenarioRunner().run(try ScenarioParser.parse(try TestFiles.text(url), file: name), file: name)
  }
}
