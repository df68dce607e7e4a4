import InfoPlistLint
import Testing

@Suite("Destination URLs (SPEC 6)")
struct URLRuleTests {
  private func findings(for url: String) -> [Found] {
    Fixtures.lintFindings(["SKExternalPurchaseLink": ["fr": .string(url)]])
  }

  @Test(arguments: [
    "https://shop.example.com", "https://shop.example.com/fr", "https://shop.example.com:8443/a/b-c_d~e",
    "https://shop.example.com/%C3%A9t%C3%A9", "HTTPS://shop.example.com/", "https://[2001:db8::1]/offers",
  ])
  func validURLsPass(url: String) {
    #expect(findings(for: url) == [])
  }

  @Test(arguments: [
    ("http://shop.example.com/", LintRule.urlScheme), ("ftp://shop.example.com/", .urlScheme),
    ("https://shop.example.com/?", .urlQuery), ("https://shop.example.com/?a=1&b=2", .urlQuery),
    ("https://", .urlInvalid), ("https:///path", .urlInvalid), ("https:shop.example.com", .urlInvalid),
    ("shop.example.com/fr", .urlInvalid), ("//shop.example.com/fr", .urlInvalid),
    ("https://shop.example.com/a b", .urlInvalid), (" https://shop.example.com/", .urlInvalid),
    ("https://shop.example.com/50%", .urlInvalid), ("https://shop.example.com/%zz", .urlInvalid),
    ("https://shop.example.com/<b>", .urlInvalid), ("https://shop.example.com:99999/", .urlInvalid),
    ("https://exa mple.com/", .urlInvalid), ("", .urlInvalid),
    ("https://shop.example.com/café", .urlNonASCII), ("https://bücher.example/", .urlNonASCII),
  ])
  func badURLsAreErrors(url: String, rule: LintRule) {
    #expect(findings(for: url) == [Found("SKExternalPurchaseLink.fr", .error, rule)])
  }

  @Test func fragmentIsAWarning() {
    #expect(
      findings(for: "https://shop.example.com/#offers")
        == [Found("SKExternalPurchaseLink.fr", .warning, .urlFragment)])
  }

  @Test func queryAndHTTPAreBothReported() {
    #expect(
      findings(for: "http://shop.example.com/?a=1")
        == [
          Found("SKExternalPurchaseLink.fr", .error, .urlScheme),
          Found("SKExternalPurchaseLink.fr", .error, .urlQuery),
        ])
  }

  @Test func lengthLimitIsOneThousandCharactersInclusive() {
    let prefix = "https://shop.example.com/"
    let atLimit = prefix + String(repeating: "a", count: 1_000 - prefix.count)
    #expect(atLimit.count == 1_000)
    #expect(findings(for: atLimit) == [])
    #expect(findings(for: atLimit + "b") == [Found("SKExternalPurchaseLink.fr", .error, .urlTooLong)])
  }

  @Test func longNonASCIIURLReportsBothProblems() {
    let url = "https://shop.example.com/" + String(repeating: "é", count: 1_000)
    #expect(
      findings(for: url)
        == [
          Found("SKExternalPurchaseLink.fr", .error, .urlNonASCII),
          Found("SKExternalPurchaseLink.fr", .error, .urlTooLong),
        ])
  }

  @Test func longURLsAreShortenedInMessages() throws {
    let url = "http://shop.example.com/" + String(repeating: "a", count: 500)
    let report = InfoPlistLinter.lint(
      infoPlist: Fixtures.plist(["SKExternalPurchaseLink": ["fr": .string(url)]]))
    let finding = try #require(report.findings.first { $0.rule == .urlScheme })
    #expect(finding.message.count < 200)
    #expect(finding.message.contains("..."))
  }

  @Test func multiLinkURLsAreCheckedAtTheirIndex() {
    let found = Fixtures.lintFindings(
      [
        "SKExternalPurchaseMultiLink": [
          "nl": [
            "https://shop.example.com/nl", "https://shop.example.com/nl?x=1", "http://shop.example.com/",
          ]
        ]
      ],
      entitlements: [
        "com.apple.developer.storekit.external-purchase-link": true,
        "com.apple.developer.storekit.external-purchase-link-streaming": true,
      ])
    #expect(
      found == [
        Found("SKExternalPurchaseMultiLink.nl[1]", .error, .urlQuery),
        Found("SKExternalPurchaseMultiLink.nl[2]", .error, .urlScheme),
      ])
  }
}
