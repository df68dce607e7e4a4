import InfoPlistLint
import Testing

@Suite("OS versions (SPEC 6)")
struct OSVersionTests {
  private static let gatedKeys: [(String, PropertyListValue, String)] = [
    ("SKExternalPurchaseMultiLink", ["fr": ["https://shop.example.com/fr"]], "17.5"),
    ("SKExternalPurchaseCustomLinkRegions", ["fr"], "18.1"),
    ("SKExternalPurchaseLinkStreamingRegions", ["fr"], "18.2"),
  ]

  @Test(arguments: gatedKeys)
  func keysWarnBelowTheirFirstIOSVersion(key: String, value: PropertyListValue, firstVersion: String) {
    let below = Fixtures.lintFindings([key: value, "MinimumOSVersion": "17.4.1"])
    #expect(below == [Found(key, .warning, .osVersion)])
    #expect(Fixtures.lintFindings([key: value, "MinimumOSVersion": .string(firstVersion)]) == [])
    #expect(Fixtures.lintFindings([key: value, "MinimumOSVersion": "19"]) == [])
  }

  @Test(arguments: gatedKeys)
  func keysGetANoteWhenNoVersionIsSet(key: String, value: PropertyListValue, firstVersion: String) throws {
    let report = InfoPlistLinter.lint(infoPlist: Fixtures.plist([key: value]))
    let found = report.findings.map(Found.init).filter { $0.rule != .entitlementsSkipped }
    #expect(found == [Found(key, .note, .osVersionUnknown)])
    #expect(report.findings[0].message.contains("iOS \(firstVersion)"))
  }

  @Test func keysWithoutAVersionGateNeverWarn() {
    let found = Fixtures.lintFindings([
      "SKExternalPurchase": ["fr"], "SKExternalPurchaseLink": ["fr": "https://shop.example.com/fr"],
      "MinimumOSVersion": "15.4",
    ])
    #expect(found == [])
  }

  @Test func allowedRegionsEntitlementNeedsIOS26Point2() {
    let entitlements: [String: PropertyListValue] = [
      "com.apple.developer.storekit.custom-purchase-link.allowed-regions": ["jp"]
    ]
    let path = "com.apple.developer.storekit.custom-purchase-link.allowed-regions"
    #expect(
      Fixtures.lintFindings(["MinimumOSVersion": "26.1"], entitlements: entitlements)
        == [Found(file: "App.entitlements", path, .warning, .osVersion)])
    #expect(Fixtures.lintFindings(["MinimumOSVersion": "26.2"], entitlements: entitlements) == [])
    #expect(
      Fixtures.lint(["CFBundleIdentifier": "com.example"], entitlements: entitlements)
        == [Found(file: "App.entitlements", path, .note, .osVersionUnknown)])
  }

  @Test func macOSVersionsComeFromLSMinimumSystemVersion() {
    let root: [String: PropertyListValue] = [
      "LSMinimumSystemVersion": "15.0",
      "SKExternalPurchaseMultiLink": ["fr": ["https://shop.example.com/fr"]],
      "SKExternalPurchaseCustomLinkRegions": ["fr"],
    ]
    #expect(
      Fixtures.lintFindings(root) == [Found("SKExternalPurchaseCustomLinkRegions", .warning, .osVersion)])
  }

  @Test func streamingRegionsOnMacOSIsUnsupported() {
    let root: [String: PropertyListValue] = [
      "LSMinimumSystemVersion": "26.0", "SKExternalPurchaseLinkStreamingRegions": ["fr"],
    ]
    #expect(
      Fixtures.lintFindings(root)
        == [Found("SKExternalPurchaseLinkStreamingRegions", .warning, .platformUnsupported)])
  }

  @Test(arguments: [PropertyListValue("seventeen"), "17.", "17.5.1.2", "", 17, "-1"])
  func unreadableVersionsWarnAndCountAsAbsent(value: PropertyListValue) {
    let found = Fixtures.lintFindings([
      "MinimumOSVersion": value, "SKExternalPurchaseCustomLinkRegions": ["fr"],
    ])
    #expect(
      found == [
        Found("MinimumOSVersion", .warning, .osVersionUnreadable),
        Found("SKExternalPurchaseCustomLinkRegions", .note, .osVersionUnknown),
      ])
  }

  @Test(arguments: [("17.5", false), ("17.5.0", false), ("17.4.9", true), ("9.9", true), ("18", false)])
  func versionsCompareNumberByNumber(minimum: String, below: Bool) {
    let found = Fixtures.lintFindings([
      "MinimumOSVersion": .string(minimum),
      "SKExternalPurchaseMultiLink": ["fr": ["https://shop.example.com/fr"]],
    ])
    #expect(found == (below ? [Found("SKExternalPurchaseMultiLink", .warning, .osVersion)] : []))
  }

  /// 18.10 is later than 18.2: versions compare as numbers, not as text.
  @Test func versionTenSortsAfterNine() {
    let found = Fixtures.lintFindings([
      "MinimumOSVersion": "18.10", "SKExternalPurchaseLinkStreamingRegions": ["fr"],
    ])
    #expect(found == [])
  }
}
