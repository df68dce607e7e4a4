import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

@Suite("Writer: canonical text that parses back to the same scenario")
struct WriterTests {
  static let sources: [String] = [
    ParserTests.everySetupLine, ParserTests.everyStep, ParserTests.everyExpectation,
    "demo\ninstall alice.iphone\n",
    """
    device a.b iOS 18.2 storefront nl
    refresh probability 0.00001
    lifetime IN_APP 1d1h1m1.001s
    advance 90061001ms
    advance to expiry of ACQUISITION of a plus 1d
    """,
  ]

  @Test(arguments: sources)
  func roundTripsParsedText(source: String) throws {
    try expectRoundTrip(try ScenarioParser.parse(source))
  }

  @Test func roundTripsEveryExample() throws {
    let files = try TestFiles.scenarios(in: TestFiles.examples)
    #expect(!files.isEmpty)
    for file in files {
      // The full path: a `storekit` line's file is found beside the scenario, on both parses.
      try expectRoundTrip(
        try ScenarioParser.parse(try TestFiles.text(file), file: file.path), file: file.path)
    }
  }

  /// A scenario built in code, as the terminal UI's recorder would, with no source locations.
  @Test func roundTripsAScenarioBuiltInCode() throws {
    let device = DeviceLine(
      id: "qa.phone", platform: .visionOS, osVersion: OSVersion(2, 1, 1), storefront: "fr")
    let scenario = Scenario(statements: [
      Statement(.environment(.sandbox)),
      Statement(.seed(UInt64.max)),
      Statement(.start(0)),
      Statement(.app(AppLine(bundleId: "org.example-app", version: "3.10.2"))),
      Statement(.rule(.refresh(.everyNth(1)))),
      Statement(.device(device)),
      Statement(
        .install(device: "qa.phone"),
        expectations: [Expectation(.periodCount(type: nil, count: 0, customer: .everyone))]),
      Statement(
        .request(type: .linkOut, device: "qa.phone"),
        expectations: [Expectation(.notEligible(reason: "type-region"))]),
      Statement(.advance(.nextExpiry(offset: -59_999))),
      Statement(.customer(id: "zoe", canMakePayments: false)),
      Statement(
        .expect,
        expectations: [
          Expectation(.state(type: .services, state: .none, customer: .named("zoe"))), Expectation(.now(0)),
        ]),
    ])
    let text = ScenarioWriter.write(scenario)
    #expect(
      text == """
        environment sandbox
        seed 18446744073709551615
        start 1970-01-01T00:00:00.000Z
        app org.example-app version 3.10.2
        refresh every 1
        device qa.phone visionOS 2.1.1 storefront fr
        install qa.phone  expect periods = 0 for all
        request LINK_OUT on qa.phone  expect not eligible reason type-region
        advance to next expiry minus 59.999s
        customer zoe cannot-pay
        expect SERVICES none for zoe and now = 1970-01-01T00:00:00.000Z

        """)
    try expectRoundTrip(scenario)
  }

  @Test func writesCanonicalSpelling() throws {
    let scenario = try ScenarioParser.parse(
      "device a.b IOS 18.2.0 storefront nl customer a\nrequest services on a.b   expect token   and  same id\n"
    )
    #expect(
      ScenarioWriter.write(scenario)
        == "device a.b iOS 18.2 storefront nl customer a\nrequest SERVICES on a.b  expect token and same id\n"
    )
  }

  @Test func equalityIgnoresLocations() throws {
    let first = try ScenarioParser.parse("seed 1\n")
    let second = try ScenarioParser.parse("\n\n   seed 1   # moved\n")
    #expect(first == second)
    #expect(first.statements[0].location != second.statements[0].location)
    #expect(first != (try ScenarioParser.parse("seed 2\n")))
  }

  private func expectRoundTrip(_ scenario: Scenario, file: String = "<scenario>") throws {
    let text = ScenarioWriter.write(scenario)
    let reparsed = try ScenarioParser.parse(text, file: file)
    #expect(reparsed == scenario, "\(text)")
    #expect(ScenarioWriter.write(reparsed) == text)
  }
}
