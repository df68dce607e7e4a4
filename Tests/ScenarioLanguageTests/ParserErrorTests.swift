import Testing

@testable import ScenarioLanguage

/// One invalid scenario and the first error it must give.
struct BadLine: CustomTestStringConvertible, Sendable {
  var source: String
  var line: Int
  var column: Int
  /// The start of the message after `expected `.
  var expected: String
  var found: String?
  var suggestion: String?

  var testDescription: String { source.replacing("\n", with: " / ") }

  /// Parses `source` and checks that its first error has this place, expectation, found text
  /// and suggestion; returns that error for further checks.
  @discardableResult
  func expectFirstError() throws -> ScenarioParseError {
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(source, file: "bug.epsim")
    }
    let first = try #require(error.errors.first)
    #expect(first.location == SourceLocation(line: line, column: column), "\(first)")
    #expect(first.expected.hasPrefix(expected), "\(first)")
    #expect(first.found == found, "\(first)")
    #expect(first.suggestion == suggestion, "\(first)")
    return first
  }
}

@Suite("Parser errors: file:line:column, what was expected, suggestions")
struct ParserErrorTests {
  static let device = "device a.b iOS 18.2 storefront nl\n"

  static let cases: [BadLine] = [
    BadLine(
      source: device + "install a.b\nrequst SERVICES on a.b", line: 3, column: 1,
      expected: "a step, a rule change or 'expect'", found: "requst", suggestion: "request"),
    BadLine(
      source: "Demo", line: 1, column: 1, expected: "a setup line or a step", found: "Demo",
      suggestion: "demo"),
    BadLine(
      source: device + "request SERVICE on a.b", line: 2, column: 9,
      expected:
        "a token type (ACQUISITION, SERVICES, IN_APP or LINK_OUT) or a typed request (withinApp or outOfApp)",
      found: "SERVICE",
      suggestion: "SERVICES"),
    BadLine(source: device + "request SERVICES at a.b", line: 2, column: 18, expected: "'on'", found: "at"),
    BadLine(
      source: "device alice.iphone iOS 18.2 storefront nl\ninstall alice.iphon", line: 2, column: 9,
      expected: "a known device (alice.iphone)", found: "alice.iphon", suggestion: "alice.iphone"),
    BadLine(
      source: device + "install bob.iphone", line: 2, column: 9, expected: "a known device (a.b)",
      found: "bob.iphone"),
    BadLine(source: "advance 1x", line: 1, column: 10, expected: "a duration such as 1h", found: "1x"),
    BadLine(
      source: "advance 30 days", line: 1, column: 9, expected: "a duration: numbers each followed by a unit",
      found: "30 days", suggestion: "30d"),
    BadLine(
      source: "advance 2days", line: 1, column: 10, expected: "a duration such as", found: "2days",
      suggestion: "2d"),
    BadLine(
      source: "lifetime all 1 hour 30 min", line: 1, column: 14, expected: "a duration: ",
      found: "1 hour 30 min",
      suggestion: "1h30m"),
    BadLine(source: "advance", line: 1, column: 8, expected: "a duration such as 1h, or 'to'"),
    BadLine(
      source: "advance to tomorrow", line: 1, column: 12, expected: "a UTC time such as", found: "tomorrow"),
    BadLine(source: "advance to next expiry minus", line: 1, column: 29, expected: "a duration such as 1h"),
    BadLine(
      source: device + "advance to expiry of SERVICES", line: 2, column: 30,
      expected: "'of' and a customer name"),
    BadLine(
      source: device + "install a.b\nseed 7", line: 3, column: 1,
      expected: "a step, a rule change or 'expect'", found: "seed"),
    BadLine(source: "seed -1", line: 1, column: 6, expected: "a seed: a whole number", found: "-1"),
    BadLine(source: "seed 1\nseed 2", line: 2, column: 1, expected: "one 'seed' line", found: "seed"),
    BadLine(
      source: "lifetime all 1h\nenvironment sandbox", line: 2, column: 1,
      expected: "'environment' before the rule lines", found: "environment"),
    BadLine(
      source: "customer x\ndemo", line: 2, column: 1, expected: "'demo' as the first line", found: "demo"),
    BadLine(source: device + device, line: 2, column: 8, expected: "a new device name", found: "a.b"),
    BadLine(
      source: "customer x\ncustomer x", line: 2, column: 10, expected: "a new customer name", found: "x"),
    BadLine(
      source: "customer all", line: 1, column: 10, expected: "a customer name other than 'all'", found: "all"),
    BadLine(
      source: "device phone iOS 18.2 storefront nl", line: 1, column: 36,
      expected: "'customer' and a customer name"),
    BadLine(
      source: "device a.b Android 14 storefront nl", line: 1, column: 12, expected: "a platform",
      found: "Android"),
    BadLine(
      source: "device a.b ios 18 storefront", line: 1, column: 29,
      expected: "a lowercase two-letter country code"),
    BadLine(
      source: "device a.b iOS x storefront nl", line: 1, column: 16, expected: "an OS version", found: "x"),
    BadLine(
      source: "device a.b iOS 18.2 storefront NL", line: 1, column: 32,
      expected: "a lowercase two-letter country code", found: "NL"),
    BadLine(
      source: "device a.b iOS 18.2 storefront nl storefront fr", line: 1, column: 35,
      expected: "each of 'storefront' and 'customer' once", found: "storefront"),
    BadLine(source: "device a.b iOS 18.2", line: 1, column: 20, expected: "'storefront' and a country code"),
    BadLine(
      source: "plist SKExternalPurchaseCustomLinkRegions nl,us", line: 1, column: 46,
      expected: "a country SKExternalPurchaseCustomLinkRegions allows (EU-27)", found: "us"),
    BadLine(
      source: "plist SKExternalPurchaseCustomLinkRegions nl,,fr", line: 1, column: 46,
      expected: "a lowercase two-letter country code"),
    BadLine(
      source: "entitlement allowed-regions jp, us", line: 1, column: 33,
      expected: "a country the allowed-regions entitlement allows (EU-27, br, jp)", found: "us"),
    BadLine(
      source: "plist SKExternalPurchaseLink nl http://example.com", line: 1, column: 33,
      expected: "an https URL without query parameters", found: "http://example.com"),
    BadLine(
      source: "plist SKExternalPurchaseLink nl https://example.com/?a=1", line: 1, column: 33,
      expected: "an https URL without query parameters", found: "https://example.com/?a=1"),
    BadLine(
      source: "plist SKExternalPurchaseLink kr https://example.com", line: 1, column: 30,
      expected: "a country SKExternalPurchaseLink allows", found: "kr"),
    BadLine(
      source: "plist SKExternalPurchaseMultiLink de "
        + Array(repeating: "https://a.b", count: 6).joined(separator: " "),
      line: 1, column: 98, expected: "end of line", found: "https://a.b"),
    BadLine(
      source: "plist SKExternalPurchaseLinks nl https://a.b", line: 1, column: 7,
      expected: "an Info.plist key",
      found: "SKExternalPurchaseLinks", suggestion: "SKExternalPurchaseLink"),
    BadLine(
      source: "entitlement external-purchase-links", line: 1, column: 13, expected: "an entitlement",
      found: "external-purchase-links", suggestion: "external-purchase-link"),
    BadLine(
      source: "rules creation first-requests", line: 1, column: 16,
      expected: "'qualifying-event' or 'first-request'",
      found: "first-requests", suggestion: "first-request"),
    BadLine(source: "rules lifetime SERVICES", line: 1, column: 24, expected: "a duration"),
    BadLine(
      source: "lifetime everything 1h", line: 1, column: 10, expected: "'all' or a token type",
      found: "everything"),
    BadLine(
      source: "refresh sometimes", line: 1, column: 9,
      expected: "'never', 'always', 'every' or 'probability'",
      found: "sometimes"),
    BadLine(
      source: "refresh every 0", line: 1, column: 15, expected: "a whole number of requests from 1",
      found: "0"),
    BadLine(
      source: "refresh probability 2", line: 1, column: 21, expected: "a probability from 0 to 1", found: "2"),
    BadLine(
      source: "lifetime all 0ms", line: 1, column: 14, expected: "a duration longer than 0ms", found: "0ms"),
    BadLine(source: "os-gating maybe", line: 1, column: 11, expected: "'on' or 'off'", found: "maybe"),
    BadLine(source: "app 1com", line: 1, column: 5, expected: "a bundle id", found: "1com"),
    BadLine(source: "app com.x id x", line: 1, column: 14, expected: "the app's Apple ID", found: "x"),
    BadLine(
      source: "app com.x id 1 id 2", line: 1, column: 16, expected: "'version' or 'custom-link-regions'",
      found: "id"),
    BadLine(
      source: "start 2026-02-30T00:00:00Z", line: 1, column: 7, expected: "a UTC time",
      found: "2026-02-30T00:00:00Z"),
    BadLine(
      source: "start 99999999999999999", line: 1, column: 7, expected: "a time from 1970-01-01T00:00:00Z",
      found: "99999999999999999"),
    BadLine(
      source: device + "install a.b expect tokn", line: 2, column: 20, expected: "an expectation ('token'",
      found: "tokn", suggestion: "token"),
    BadLine(
      source: device + "install a.b expect token", line: 2, column: 20,
      expected: "an expectation that fits the step on line 2", found: "token"),
    BadLine(source: device + "install a.b expect", line: 2, column: 19, expected: "an expectation ('token'"),
    BadLine(
      source: "expect token", line: 1, column: 8, expected: "an expectation about the world", found: "token"),
    BadLine(
      source: device + "request SERVICES on a.b\nadvance 1h\nexpect same id", line: 4, column: 8,
      expected: "an expectation that fits the step on line 3", found: "same"),
    BadLine(
      source: device + "check-eligibility on a.b  expect token", line: 2, column: 34,
      expected: "an expectation that fits the step on line 2", found: "token"),
    BadLine(
      source: device + "notice-sheet on a.b  expect url = x", line: 2, column: 29,
      expected: "an expectation that fits the step on line 2", found: "url"),
    BadLine(
      source: "expect SERVICES active", line: 1, column: 8, expected: "'for' and a customer name",
      found: "SERVICES"),
    BadLine(
      source: device + "request SERVICES on a.b expect token or nothing", line: 2, column: 38,
      expected: "'and' or end of line", found: "or"),
    BadLine(
      source: device + "request SERVICES on a.b foo", line: 2, column: 25,
      expected: "'expect' or end of line",
      found: "foo"),
    BadLine(source: "seed 1 2", line: 1, column: 8, expected: "end of line", found: "2"),
    BadLine(
      source: device + "expect SERVICES active for all", line: 2, column: 28, expected: "a customer name",
      found: "all"),
    BadLine(
      source: device + "expect SERVICES running", line: 2, column: 17,
      expected: "'active', 'expired' or 'none'",
      found: "running"),
    BadLine(
      source: device + "request SERVICES on a.b expect not eligible reason regoin", line: 2, column: 52,
      expected: "a reason code", found: "regoin", suggestion: "region"),
    BadLine(
      source: device + "request SERVICES on a.b expect field tokenTyp = SERVICES", line: 2, column: 38,
      expected: "a token field", found: "tokenTyp", suggestion: "tokenType"),
    BadLine(
      source: device + "request SERVICES on a.b expect field tokenType = SERVICE", line: 2, column: 50,
      expected: "a token type or 'none'", found: "SERVICE", suggestion: "SERVICES"),
    BadLine(
      source: device + "request SERVICES on a.b expect field bundleId =", line: 2, column: 48,
      expected: "the field's value"),
    BadLine(source: device + "expect now 5", line: 2, column: 12, expected: "'='", found: "5"),
    BadLine(source: device + "expect periods SERVICES 2", line: 2, column: 25, expected: "'='", found: "2"),
    BadLine(source: device + "expect tokens = -1", line: 2, column: 17, expected: "a count", found: "-1"),
    BadLine(source: device + "update a.b to x", line: 2, column: 15, expected: "an app version", found: "x"),
    BadLine(
      source: device + "link-out on a.b url ftp://x", line: 2, column: 21, expected: "an https URL",
      found: "ftp://x"),
    BadLine(
      source: "payments zed on", line: 1, column: 10, expected: "a customer (declare one", found: "zed"),
    BadLine(
      source: device + "storefront a.b FR", line: 2, column: 16,
      expected: "a lowercase two-letter country code",
      found: "FR"),
    BadLine(
      source: device + "os a.b eighteen", line: 2, column: 8, expected: "an OS version", found: "eighteen"),
  ]

  @Test(arguments: cases)
  func reportsTheFirstError(_ bad: BadLine) throws {
    let first = try bad.expectFirstError()
    #expect(first.description.hasPrefix("bug.epsim:\(bad.line):\(bad.column): expected "))
  }

  @Test func reportsEveryBadLineOfAFile() throws {
    let source = """
      device a.b iOS 18.2 storefront nl
      install b.c
      advance 5y
      request SERVICES on a.b
      seed 3
      """
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(source, file: "f.epsim")
    }
    #expect(
      error.errors.map(\.description) == [
        "f.epsim:2:9: expected a known device (a.b), found 'b.c'",
        "f.epsim:3:10: expected a duration such as 1h, 30m, 59m59.999s or 1ms, found '5y' ('y' is not a unit: use d, h, m, s or ms)",
        "f.epsim:5:1: expected a step, a rule change or 'expect', found 'seed' (setup lines go before the first step, line 2)",
      ])
  }

  @Test func suggestionsNeedACloseWord() {
    #expect(Suggestion.closest(to: "instal", among: ["install", "uninstall"]) == "install")
    #expect(Suggestion.closest(to: "reqeust", among: ["request"]) == "request", "a swap is one edit")
    #expect(Suggestion.closest(to: "xyz", among: ["request"]) == nil)
    #expect(Suggestion.closest(to: "5", among: ["="]) == nil)
  }
}
