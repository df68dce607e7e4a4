import InfoPlistLint
import Testing

@Suite("Key names")
struct KeyNameTests {
  @Test(arguments: [
    ("SKExternalPurchaseLinks", "SKExternalPurchaseLink"), ("skexternalpurchase", "SKExternalPurchase"),
    ("SKExternalPurchaseMultilink", "SKExternalPurchaseMultiLink"),
    ("SKExternalPurchaseCustomLinkRegion", "SKExternalPurchaseCustomLinkRegions"),
  ])
  func misspeltInfoPlistKeysSuggestTheKnownKey(key: String, meant: String) throws {
    let report = InfoPlistLinter.lint(infoPlist: Fixtures.plist([key: ["fr"], "MinimumOSVersion": "26.2"]))
    let finding = try #require(report.findings.first)
    #expect(Found(finding) == Found(key, .warning, .unknownKey))
    #expect(finding.fix == "rename it to \(meant)")
  }

  @Test func unrelatedKeysAreIgnored() {
    #expect(Fixtures.lintFindings(["CFBundleIdentifier": "com.example", "SKAdNetworkItems": []]) == [])
  }

  @Test func entitlementInInfoPlistIsMisplaced() {
    #expect(
      Fixtures.lintFindings(["com.apple.developer.storekit.external-purchase": true])
        == [Found("com.apple.developer.storekit.external-purchase", .warning, .misplacedKey)])
  }

  @Test func infoPlistKeyInEntitlementsIsMisplaced() {
    #expect(
      Fixtures.lintFindings(
        ["CFBundleIdentifier": "com.example"], entitlements: ["SKExternalPurchase": ["fr"]])
        == [Found(file: "App.entitlements", "SKExternalPurchase", .warning, .misplacedKey)])
  }

  @Test func misspeltEntitlementSuggestsTheKnownOne() throws {
    let report = InfoPlistLinter.lint(
      infoPlist: Fixtures.plist(["CFBundleIdentifier": "com.example"]),
      entitlements: Fixtures.entitlements([
        "com.apple.developer.storekit.custom-purchase-link.allowed-region": ["jp"]
      ])
    )
    let finding = try #require(report.findings.first)
    #expect(finding.rule == .unknownKey)
    #expect(finding.fix == "rename it to com.apple.developer.storekit.custom-purchase-link.allowed-regions")
  }

  @Test func otherStoreKitEntitlementsAreIgnored() {
    #expect(
      Fixtures.lintFindings(
        ["CFBundleIdentifier": "com.example"],
        entitlements: [
          "com.apple.developer.storekit.external-link.account": true, "aps-environment": "production",
        ])
        == [])
  }
}
