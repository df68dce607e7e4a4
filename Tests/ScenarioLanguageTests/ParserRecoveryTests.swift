import Testing

@testable import ScenarioLanguage

@Suite("Parser recovery: one error per bad line, none invented after it")
struct ParserRecoveryTests {
  private func errors(_ source: String) throws -> [String] {
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(source, file: "f.epsim")
    }
    return error.errors.map(\.description)
  }

  /// Bad lines and the only errors they give: a line that fails still declares what it names, so
  /// the lines after it find it; a failed first step leaves the default customer open.
  @Test(arguments: [
    (
      // A bad device line still declares its device.
      """
      environment production
      device alice.iphone iOS 18.2 storefront NL
      install alice.iphone
      request SERVICES on alice.iphone  expect new period
      storefront alice.iphone fr
      payments alice on
      advance to expiry of SERVICES minus 1ms
      update alice.iphone
      """,
      ["f.epsim:2:41: expected a lowercase two-letter country code such as nl or jp, found 'NL'"]
    ),
    (
      // A mistyped declaration still declares its name.
      """
      devce bob.ipad iPadOS 18.2 storefront nl
      custmer carol
      install bob.ipad
      payments carol off
      """,
      [
        "f.epsim:1:1: expected a setup line or a step, found 'devce'; did you mean 'device'?",
        "f.epsim:2:1: expected a setup line or a step, found 'custmer'; did you mean 'customer'?",
      ]
    ),
    (
      // A failed first step leaves the default customer open.
      """
      device a.b iOS 18.2 storefront nl
      instal a.b
      expect SERVICES active
      advance to expiry of SERVICES
      """,
      ["f.epsim:2:1: expected a setup line or a step, found 'instal'; did you mean 'install'?"]
    ),
  ])
  func oneErrorPerBadLineAndNoneInventedAfterIt(source: String, expected: [String]) throws {
    #expect(try errors(source) == expected)
  }

  @Test func expectationsAfterAFailedStepAreNotCheckedAgainstAnOlderOne() throws {
    let source = """
      device a.b iOS 18.2 storefront nl
      install a.b
      request SERVICE on a.b
      expect new period
      """
    let found = try errors(source)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("f.epsim:3:9: expected a token type") == true)
  }

  @Test func linesThatAreRightAreStillCheckedAfterABadOne() throws {
    let source = """
      device a.b iOS 18.2 storefront NL
      install a.c
      """
    #expect(try errors(source).count == 2, "a.c was never declared, by any line")
  }

  @Test func aFileThatStartsWithNonsenseIsNotAScenario() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>SKExternalPurchase</key>
        <array><string>nl</string></array>
      </dict>
      </plist>
      """
    #expect(
      try errors(plist) == [
        "f.epsim:1:1: expected a setup line or a step, found '<?xml' (this does not look like a scenario: "
          + "its first 3 lines start with no keyword of the language, which docs/scenarios.md describes)"
      ])
  }

  @Test func typosAtTheTopAreMistakesNotNonsense() throws {
    let source = "enviroment sandbox\nsed 42\nstrat 2026-03-01T09:00:00Z\n"
    let found = try errors(source)
    #expect(found.count == 3)
    #expect(found.allSatisfy { $0.contains("did you mean") && !$0.contains("does not look like") })
  }

  @Test func aLongRunOfNonsenseInsideAScenarioIsSummedUp() throws {
    let source =
      "device a.b iOS 18.2 storefront nl\n" + (1...7).map { "garbage line \($0)" }.joined(separator: "\n")
      + "\ninstall a.b\nrequest NOPE on a.b\n"
    let found = try errors(source)
    #expect(found.count == 5)
    #expect(found[0].hasPrefix("f.epsim:2:1: expected a setup line or a step, found 'garbage'"))
    #expect(found[2].hasPrefix("f.epsim:4:1:"))
    #expect(
      found[3]
        == "f.epsim:5:1: expected a setup line or a step, found 'garbage' (this line and the 3 after it, "
        + "up to line 8, start with no keyword; they are not listed one by one)")
    #expect(found[4].hasPrefix("f.epsim:10:9: expected a token type"), "lines after the run are checked")
  }

  @Test func aShortRunOfNonsenseIsListedLineByLine() throws {
    let source = "seed 1\n" + (1...4).map { "zzz \($0)" }.joined(separator: "\n")
    #expect(try errors(source).count == 4)
  }
}
