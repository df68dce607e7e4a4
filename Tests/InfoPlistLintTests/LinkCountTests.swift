import InfoPlistLint
import Testing

@Suite("Links per country (SPEC 6)")
struct LinkCountTests {
  private static let streamingEntitlements: [String: PropertyListValue] = [
    "com.apple.developer.storekit.external-purchase-link": true,
    "com.apple.developer.storekit.external-purchase-link-streaming": true,
  ]
  private static let linkEntitlements: [String: PropertyListValue] = [
    "com.apple.developer.storekit.external-purchase-link": true
  ]

  /// The findings for `root` in a music streaming app (both link entitlements).
  private func streamingFindings(_ root: [String: PropertyListValue]) -> [Found] {
    Fixtures.lintFindings(root, entitlements: Self.streamingEntitlements)
  }

  /// The one finding of a country with more links than it may have.
  private func tooManyLinks(_ country: String) -> [Found] {
    [Found("SKExternalPurchaseMultiLink.\(country)", .error, .linkCount)]
  }

  private func links(_ country: String, _ count: Int) -> PropertyListValue {
    .array((1...max(count, 1)).prefix(count).map { .string("https://shop.example.com/\(country)/\($0)") })
  }

  @Test func oneLinkPerCountryForOrdinaryApps() {
    let found = Fixtures.lintFindings(
      ["SKExternalPurchaseMultiLink": ["fr": links("fr", 1), "de": links("de", 2)]],
      entitlements: Self.linkEntitlements)
    #expect(found == tooManyLinks("de"))
  }

  @Test(arguments: ["fr", "se", "is", "no"])
  func musicStreamingAppsMayHaveFiveLinksInTheEEA(country: String) {
    let root: [String: PropertyListValue] = ["SKExternalPurchaseMultiLink": [country: links(country, 5)]]
    #expect(streamingFindings(root) == [])
    let six: [String: PropertyListValue] = ["SKExternalPurchaseMultiLink": [country: links(country, 6)]]
    #expect(streamingFindings(six) == tooManyLinks(country))
  }

  @Test(arguments: ["ru", "us"])
  func musicStreamingAppsStillHaveOneLinkOutsideTheEEA(country: String) {
    let root: [String: PropertyListValue] = ["SKExternalPurchaseMultiLink": [country: links(country, 2)]]
    #expect(streamingFindings(root) == tooManyLinks(country))
  }

  @Test func uniqueLinksOfBothKeysCountTogether() {
    let root: [String: PropertyListValue] = [
      "SKExternalPurchaseLink": ["nl": "https://shop.example.com/nl/extra"],
      "SKExternalPurchaseMultiLink": ["nl": links("nl", 5)],
    ]
    #expect(streamingFindings(root) == tooManyLinks("nl"))
  }

  @Test func theSameLinkInBothKeysCountsOnce() {
    let root: [String: PropertyListValue] = [
      "SKExternalPurchaseLink": ["nl": "https://shop.example.com/nl/1"],
      "SKExternalPurchaseMultiLink": ["nl": links("nl", 5)],
    ]
    #expect(streamingFindings(root) == [])
  }

  @Test func withOneLinkAllowedBothKeysMustNameTheSameLink() throws {
    let same: [String: PropertyListValue] = [
      "SKExternalPurchaseLink": ["it": "https://shop.example.com/it"],
      "SKExternalPurchaseMultiLink": ["it": ["https://shop.example.com/it"]],
    ]
    #expect(Fixtures.lintFindings(same, entitlements: Self.linkEntitlements) == [])
    let different: [String: PropertyListValue] = [
      "SKExternalPurchaseLink": ["it": "https://shop.example.com/it"],
      "SKExternalPurchaseMultiLink": ["it": ["https://shop.example.com/it/other"]],
    ]
    #expect(
      Fixtures.lintFindings(different, entitlements: Self.linkEntitlements)
        == [Found("SKExternalPurchaseMultiLink.it", .error, .linkMismatch)])
  }

  @Test func duplicateLinksInOneCountryWarnAndCountOnce() {
    let root: [String: PropertyListValue] = [
      "SKExternalPurchaseMultiLink": ["fr": ["https://shop.example.com/fr", "https://shop.example.com/fr"]]
    ]
    #expect(
      Fixtures.lintFindings(root, entitlements: Self.linkEntitlements)
        == [Found("SKExternalPurchaseMultiLink.fr[1]", .warning, .duplicateEntry)])
  }

  @Test func emptyLinkArrayIsAnError() {
    let root: [String: PropertyListValue] = ["SKExternalPurchaseMultiLink": ["fr": []]]
    #expect(
      Fixtures.lintFindings(root, entitlements: Self.linkEntitlements)
        == [Found("SKExternalPurchaseMultiLink.fr", .error, .linkCount)])
  }

  @Test func withoutEntitlementsTheStreamingRegionKeyMarksAStreamingApp() {
    let root: [String: PropertyListValue] = [
      "SKExternalPurchaseMultiLink": ["fr": links("fr", 3)],
      "SKExternalPurchaseLinkStreamingRegions": ["fr"],
    ]
    #expect(Fixtures.lintFindings(root) == [Found("SKExternalPurchaseMultiLink", .note, .streamingAssumed)])
    var plain = root
    plain["SKExternalPurchaseLinkStreamingRegions"] = nil
    #expect(Fixtures.lintFindings(plain) == [Found("SKExternalPurchaseMultiLink.fr", .error, .linkCount)])
  }

  @Test func entitlementsOverrideTheStreamingRegionKey() {
    let root: [String: PropertyListValue] = [
      "SKExternalPurchaseMultiLink": ["fr": links("fr", 3)],
      "SKExternalPurchaseLinkStreamingRegions": ["fr"],
    ]
    #expect(
      Fixtures.lintFindings(root, entitlements: Self.linkEntitlements)
        == [
          Found("SKExternalPurchaseMultiLink.fr", .error, .linkCount),
          Found("SKExternalPurchaseLinkStreamingRegions", .error, .entitlementMissing),
        ])
  }
}
