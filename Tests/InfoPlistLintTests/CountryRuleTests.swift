import InfoPlistLint
import Testing

@Suite("Country codes (SPEC 6)")
struct CountryRuleTests {
  @Test func everyEU27CodeIsAcceptedByEveryCountryKey() {
    let codes = PropertyListValue.array(LintTables.eu27.map(PropertyListValue.string))
    let found = Fixtures.lintFindings([
      "SKExternalPurchase": codes, "SKExternalPurchaseCustomLinkRegions": codes,
      "SKExternalPurchaseLinkStreamingRegions": codes,
    ])
    #expect(found == [])
  }

  @Test(arguments: [
    ("SKExternalPurchase", "kr", true), ("SKExternalPurchase", "is", false),
    ("SKExternalPurchase", "us", false), ("SKExternalPurchaseCustomLinkRegions", "kr", false),
    ("SKExternalPurchaseCustomLinkRegions", "no", false),
    ("SKExternalPurchaseLinkStreamingRegions", "is", true),
    ("SKExternalPurchaseLinkStreamingRegions", "no", true),
    ("SKExternalPurchaseLinkStreamingRegions", "ru", false),
    ("SKExternalPurchaseLinkStreamingRegions", "kr", false),
  ])
  func extraCountriesPerListKey(key: String, code: String, allowed: Bool) {
    let found = Fixtures.lintFindings([key: [.string(code)]])
    #expect(found == (allowed ? [] : [Found("\(key)[0]", .error, .countryNotAllowed)]))
  }

  @Test(arguments: ["is", "no", "ru", "us", "fr"])
  func linkKeysAcceptEU27PlusIcelandNorwayRussiaUS(code: String) {
    let found = Fixtures.lintFindings([
      "SKExternalPurchaseLink": [code: "https://shop.example.com/\(code)"]
    ])
    #expect(found == [])
  }

  @Test(arguments: ["kr", "jp", "gb", "ch"])
  func linkKeysRejectOtherCountries(code: String) {
    let found = Fixtures.lintFindings([
      "SKExternalPurchaseMultiLink": [code: ["https://shop.example.com/\(code)"]]
    ])
    #expect(found == [Found("SKExternalPurchaseMultiLink.\(code)", .error, .countryNotAllowed)])
  }

  @Test func uppercaseValidCodeIsAnErrorWhoseFixIsTheLowercaseForm() throws {
    let report = InfoPlistLinter.lint(infoPlist: Fixtures.plist(["SKExternalPurchase": ["NL"]]))
    let finding = try #require(report.findings.first)
    #expect(finding.rule == .countryCodeCase)
    #expect(finding.severity == .error)
    #expect(finding.keyPath == "SKExternalPurchase[0]")
    #expect(finding.fix == "write 'nl'")
  }

  @Test func uppercaseCodeThatIsNotAllowedIsReportedAsNotAllowed() {
    #expect(
      Fixtures.lintFindings(["SKExternalPurchase": ["US"]])
        == [Found("SKExternalPurchase[0]", .error, .countryNotAllowed)])
  }

  @Test(arguments: ["xx", "fra", "", " fr", "f", "eu", "FR-fr"])
  func unknownCodesAreErrors(code: String) {
    #expect(
      Fixtures.lintFindings(["SKExternalPurchase": [.string(code)]])
        == [Found("SKExternalPurchase[0]", .error, .countryUnknown)])
  }

  @Test func greeceWrittenAsELSuggestsGR() throws {
    let report = InfoPlistLinter.lint(infoPlist: Fixtures.plist(["SKExternalPurchase": ["el"]]))
    let finding = try #require(report.findings.first)
    #expect(finding.rule == .countryUnknown)
    #expect(finding.fix == "write 'gr'")
  }

  @Test func duplicatesAreWarningsAtTheRepeatedIndex() {
    let found = Fixtures.lintFindings(["SKExternalPurchase": ["fr", "de", "fr", "fr"]])
    #expect(
      found == [
        Found("SKExternalPurchase[2]", .warning, .duplicateEntry),
        Found("SKExternalPurchase[3]", .warning, .duplicateEntry),
      ])
  }

  @Test func emptyCountryListIsAWarning() {
    #expect(
      Fixtures.lintFindings(["SKExternalPurchaseCustomLinkRegions": []])
        == [Found("SKExternalPurchaseCustomLinkRegions", .warning, .emptyList)])
  }

  @Test func notAllowedMessageNamesWhatTheKeyAccepts() throws {
    let report = InfoPlistLinter.lint(infoPlist: Fixtures.plist(["SKExternalPurchase": ["us"]]))
    let finding = try #require(report.findings.first)
    #expect(
      finding.message
        == "'us' is not a country SKExternalPurchase accepts; it accepts the EU-27 countries plus kr")
  }
}
