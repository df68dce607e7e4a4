import InfoPlistLint
import Testing

@Suite("Value types (SPEC 6)")
struct ValueTypeTests {
  private static let wrongTypes: [(String, PropertyListValue)] = [
    ("SKExternalPurchase", "fr"), ("SKExternalPurchase", ["fr": "x"]),
    ("SKExternalPurchaseCustomLinkRegions", true), ("SKExternalPurchaseLinkStreamingRegions", 3),
    ("SKExternalPurchaseLink", ["https://shop.example.com/fr"]),
    ("SKExternalPurchaseLink", "https://shop.example.com"),
    ("SKExternalPurchaseMultiLink", ["fr"]), ("SKExternalPurchaseMultiLink", 1.5),
  ]

  @Test(arguments: wrongTypes)
  func wrongTopLevelTypeIsAnError(key: String, value: PropertyListValue) {
    #expect(Fixtures.lintFindings([key: value]) == [Found(key, .error, .valueType)])
  }

  @Test func nonStringEntriesAreErrorsAtTheirIndex() {
    let found = Fixtures.lintFindings([
      "SKExternalPurchase": ["fr", 1, true, ["de"]]
    ])
    #expect(
      found == [
        Found("SKExternalPurchase[1]", .error, .valueType),
        Found("SKExternalPurchase[2]", .error, .valueType),
        Found("SKExternalPurchase[3]", .error, .valueType),
      ])
  }

  @Test func linkValuesMustBeURLStrings() throws {
    let report = InfoPlistLinter.lint(
      infoPlist: Fixtures.plist([
        "MinimumOSVersion": "26.2",
        "SKExternalPurchaseLink": ["fr": ["https://shop.example.com/fr"], "nl": 7],
        "SKExternalPurchaseMultiLink": [
          "de": "https://shop.example.com/de", "it": ["https://shop.example.com/it", false],
        ],
      ]))
    #expect(
      report.findings.map(Found.init).filter { $0.rule != .entitlementsSkipped }
        == [
          Found("SKExternalPurchaseLink.fr", .error, .valueType),
          Found("SKExternalPurchaseLink.nl", .error, .valueType),
          Found("SKExternalPurchaseMultiLink.de", .error, .valueType),
          Found("SKExternalPurchaseMultiLink.it[1]", .error, .valueType),
        ])
    // An array under the single-link key points to the multi-link key.
    #expect(report.findings[0].message.contains("SKExternalPurchaseMultiLink"))
  }

  @Test func emptyLinkDictionaryIsAWarning() {
    #expect(
      Fixtures.lintFindings(["SKExternalPurchaseLink": [:]])
        == [Found("SKExternalPurchaseLink", .warning, .emptyList)])
  }
}
