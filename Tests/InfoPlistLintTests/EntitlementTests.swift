import InfoPlistLint
import Testing

@Suite("Keys and entitlements (SPEC 6)")
struct EntitlementTests {
  private static let keyNeeds: [(String, PropertyListValue, String)] = [
    ("SKExternalPurchase", ["nl"], "com.apple.developer.storekit.external-purchase"),
    (
      "SKExternalPurchaseLink", ["nl": "https://shop.example.com/nl"],
      "com.apple.developer.storekit.external-purchase-link"
    ),
    (
      "SKExternalPurchaseMultiLink", ["nl": ["https://shop.example.com/nl"]],
      "com.apple.developer.storekit.external-purchase-link"
    ),
    ("SKExternalPurchaseCustomLinkRegions", ["nl"], "com.apple.developer.storekit.external-purchase-link"),
    (
      "SKExternalPurchaseLinkStreamingRegions", ["nl"],
      "com.apple.developer.storekit.external-purchase-link-streaming"
    ),
  ]

  @Test(arguments: keyNeeds)
  func eachKeyNeedsItsEntitlement(key: String, value: PropertyListValue, entitlement: String) {
    #expect(Fixtures.lintFindings([key: value], entitlements: [entitlement: true]) == [])
    #expect(
      Fixtures.lintFindings([key: value], entitlements: [:])
        == [Found(key, .error, .entitlementMissing)])
  }

  @Test func anEntitlementSetToFalseDoesNotCountAndIsNoted() throws {
    let report = InfoPlistLinter.lint(
      infoPlist: Fixtures.plist(["SKExternalPurchase": ["nl"], "MinimumOSVersion": "17.0"]),
      entitlements: Fixtures.entitlements(["com.apple.developer.storekit.external-purchase": false]))
    #expect(
      report.findings.map(Found.init)
        == [
          Found("SKExternalPurchase", .error, .entitlementMissing),
          Found(
            file: "App.entitlements", "com.apple.developer.storekit.external-purchase", .note,
            .entitlementFalse),
        ])
    #expect(report.findings[0].message.contains("sets it to false"))
  }

  @Test(arguments: [
    ("com.apple.developer.storekit.external-purchase", "SKExternalPurchase"),
    ("com.apple.developer.storekit.external-purchase-link", "SKExternalPurchaseCustomLinkRegions"),
    (
      "com.apple.developer.storekit.external-purchase-link-streaming",
      "SKExternalPurchaseLinkStreamingRegions"
    ),
  ])
  func aGrantedEntitlementNeedsOneOfItsKeys(entitlement: String, key: String) {
    let unused = Fixtures.lintFindings(
      ["CFBundleIdentifier": "com.example"], entitlements: [entitlement: true])
    #expect(unused == [Found(file: "App.entitlements", entitlement, .error, .entitlementUnused)])
    #expect(Fixtures.lintFindings([key: ["fr"]], entitlements: [entitlement: true]) == [])
  }

  @Test func streamingEntitlementIsPutToUseByTheLinkKeys() {
    let found = Fixtures.lintFindings(
      ["SKExternalPurchaseLink": ["fr": "https://music.example.com/fr"]],
      entitlements: [
        "com.apple.developer.storekit.external-purchase-link": true,
        "com.apple.developer.storekit.external-purchase-link-streaming": true,
      ])
    #expect(found == [])
  }

  @Test func allowedRegionsEntitlementStandsAlone() {
    let found = Fixtures.lintFindings(
      ["CFBundleIdentifier": "com.example"],
      entitlements: ["com.apple.developer.storekit.custom-purchase-link.allowed-regions": ["br", "jp", "fr"]])
    #expect(found == [])
  }

  @Test func allowedRegionsEntitlementChecksItsCountries() {
    let found = Fixtures.lintFindings(
      ["CFBundleIdentifier": "com.example"],
      entitlements: [
        "com.apple.developer.storekit.custom-purchase-link.allowed-regions": ["JP", "kr", "zz", "jp", 1]
      ])
    let path = "com.apple.developer.storekit.custom-purchase-link.allowed-regions"
    #expect(
      found == [
        Found(file: "App.entitlements", "\(path)[0]", .error, .countryCodeCase),
        Found(file: "App.entitlements", "\(path)[1]", .error, .countryNotAllowed),
        Found(file: "App.entitlements", "\(path)[2]", .error, .countryUnknown),
        Found(file: "App.entitlements", "\(path)[4]", .error, .valueType),
      ])
  }

  @Test(arguments: [PropertyListValue("YES"), 1, ["fr"]])
  func booleanEntitlementsMustBeBooleans(value: PropertyListValue) {
    let found = Fixtures.lintFindings(
      ["SKExternalPurchase": ["fr"]], entitlements: ["com.apple.developer.storekit.external-purchase": value])
    // The key is not also reported as missing its entitlement: the entitlement's own error says it all.
    #expect(
      found == [
        Found(file: "App.entitlements", "com.apple.developer.storekit.external-purchase", .error, .valueType)
      ])
  }

  @Test func allowedRegionsMustBeAnArray() {
    let found = Fixtures.lintFindings(
      ["CFBundleIdentifier": "com.example"],
      entitlements: ["com.apple.developer.storekit.custom-purchase-link.allowed-regions": true])
    #expect(
      found == [
        Found(
          file: "App.entitlements", "com.apple.developer.storekit.custom-purchase-link.allowed-regions",
          .error,
          .valueType)
      ])
  }

  @Test func withoutEntitlementsTheSkipIsNotedOnce() {
    let found = Fixtures.lint([
      "SKExternalPurchase": ["fr"], "SKExternalPurchaseLink": ["fr": "https://shop.example.com/fr"],
      "MinimumOSVersion": "18.0",
    ])
    #expect(found == [Found(nil, .note, .entitlementsSkipped)])
  }
}
