import Foundation
import InfoPlistLint
import Testing

/// Every file in docs/examples/plist, linted as the README there describes, with the exact findings.
@Suite("Example files")
struct ExampleFileTests {
  private func lint(_ plist: String, _ entitlements: String? = nil) throws -> [Found] {
    let infoPlist = try PropertyListLoader.load(path: Fixtures.examplePath(plist))
    let entitlementsList = try entitlements.map { name throws(PropertyListReadError) in
      try PropertyListLoader.load(path: Fixtures.examplePath(name))
    }
    return InfoPlistLinter.lint(infoPlist: infoPlist, entitlements: entitlementsList).findings.map(Found.init)
  }

  @Test(arguments: [
    ("eu-links-good.plist", "eu-links.entitlements"), ("streaming-good.plist", "streaming.entitlements"),
    ("notice-sheet.plist", "notice-sheet.entitlements"),
    ("notice-sheet-binary.plist", "notice-sheet.entitlements"),
  ])
  func goodExamplesAreClean(plist: String, entitlements: String) throws {
    #expect(try lint(plist, entitlements) == [])
  }

  @Test func goodExampleWithoutEntitlementsOnlyNotesTheSkip() throws {
    #expect(
      try lint("eu-links-good.plist") == [
        Found(file: "eu-links-good.plist", nil, .note, .entitlementsSkipped)
      ])
  }

  @Test func streamingExampleWithoutEntitlementsNotesTheAssumption() throws {
    let file = "streaming-good.plist"
    #expect(
      try lint(file) == [
        Found(file: file, "SKExternalPurchaseMultiLink", .note, .streamingAssumed),
        Found(file: file, nil, .note, .entitlementsSkipped),
      ])
  }

  @Test(arguments: ["bad-countries.plist", "bad-countries-binary.plist"])
  func badCountries(file: String) throws {
    #expect(
      try lint(file) == [
        Found(file: file, "SKExternalPurchase[1]", .error, .countryCodeCase),
        Found(file: file, "SKExternalPurchase[2]", .error, .countryNotAllowed),
        Found(file: file, "SKExternalPurchase[3]", .error, .countryUnknown),
        Found(file: file, "SKExternalPurchase[4]", .warning, .duplicateEntry),
        Found(file: file, "SKExternalPurchase[5]", .error, .countryUnknown),
        Found(file: file, "SKExternalPurchase[6]", .error, .valueType),
        Found(file: file, "SKExternalPurchaseLink.US", .error, .countryCodeCase),
        Found(file: file, "SKExternalPurchaseLink.jp", .error, .countryNotAllowed),
        Found(file: file, "SKExternalPurchaseCustomLinkRegions[0]", .error, .countryNotAllowed),
        Found(file: file, "SKExternalPurchaseLinkStreamingRegions[1]", .error, .countryNotAllowed),
        Found(file: file, nil, .note, .entitlementsSkipped),
      ])
  }

  @Test func badURLs() throws {
    let file = "bad-urls.plist"
    let link = "SKExternalPurchaseLink"
    #expect(
      try lint(file) == [
        Found(file: file, "\(link).at", .error, .urlScheme),
        Found(file: file, "\(link).be", .error, .urlQuery),
        Found(file: file, "\(link).bg", .warning, .urlFragment),
        Found(file: file, "\(link).cy", .error, .urlNonASCII),
        Found(file: file, "\(link).cz", .error, .urlInvalid),
        Found(file: file, "\(link).de", .error, .urlInvalid),
        Found(file: file, "\(link).dk", .error, .urlInvalid),
        Found(file: file, "\(link).ee", .error, .urlTooLong),
        Found(file: file, "\(link).es", .error, .valueType),
        Found(file: file, "\(link).fi", .error, .valueType),
        Found(file: file, "\(link).fr", .error, .urlInvalid),
        Found(file: file, "\(link).gr", .error, .urlScheme),
        Found(file: file, "SKExternalPurchaseMultiLink.hr", .error, .valueType),
        Found(file: file, "SKExternalPurchaseMultiLink.hu", .error, .linkCount),
        Found(file: file, "SKExternalPurchaseMultiLink.ie[1]", .error, .valueType),
        Found(file: file, nil, .note, .entitlementsSkipped),
      ])
  }

  @Test func badLinkCounts() throws {
    let file = "bad-link-counts.plist"
    #expect(
      try lint(file, "link-only.entitlements") == [
        Found(file: file, "SKExternalPurchaseMultiLink.de", .error, .linkCount),
        Found(file: file, "SKExternalPurchaseMultiLink.it", .error, .linkCount),
        Found(file: file, "SKExternalPurchaseMultiLink.nl", .error, .linkMismatch),
      ])
  }

  @Test func badStreamingCounts() throws {
    let file = "bad-streaming-counts.plist"
    #expect(
      try lint(file, "streaming.entitlements") == [
        Found(file: file, "SKExternalPurchaseMultiLink.fr", .error, .linkCount),
        Found(file: file, "SKExternalPurchaseMultiLink.ru", .error, .linkMismatch),
        Found(file: file, "SKExternalPurchaseMultiLink.us", .error, .linkCount),
      ])
  }

  @Test func badEntitlements() throws {
    let file = "bad-entitlements.plist"
    let entitlements = "bad.entitlements"
    let storeKit = "com.apple.developer.storekit"
    #expect(
      try lint(file, entitlements) == [
        Found(file: file, "SKExternalPurchaseMultilink", .warning, .unknownKey),
        Found(file: file, "\(storeKit).external-purchase-link", .warning, .misplacedKey),
        Found(file: file, "SKExternalPurchase", .error, .entitlementMissing),
        Found(file: file, "SKExternalPurchaseLinkStreamingRegions", .error, .entitlementMissing),
        Found(file: entitlements, "\(storeKit).external-purchase", .note, .entitlementFalse),
        Found(file: entitlements, "\(storeKit).external-purchase-link", .error, .valueType),
        Found(
          file: entitlements, "\(storeKit).custom-purchase-link.allowed-regions[1]", .error, .countryCodeCase),
        Found(
          file: entitlements, "\(storeKit).custom-purchase-link.allowed-regions[2]", .error,
          .countryNotAllowed),
        Found(file: entitlements, "SKExternalPurchaseLink", .warning, .misplacedKey),
        Found(file: entitlements, "\(storeKit).external-purchase-links", .warning, .unknownKey),
        Found(file: entitlements, "\(storeKit).custom-purchase-link.allowed-regions", .warning, .osVersion),
      ])
  }

  @Test func entitlementsWithoutKeys() throws {
    let entitlements = "all-granted.entitlements"
    let storeKit = "com.apple.developer.storekit"
    #expect(
      try lint("entitlements-without-keys.plist", entitlements) == [
        Found(file: entitlements, "\(storeKit).external-purchase", .error, .entitlementUnused),
        Found(file: entitlements, "\(storeKit).external-purchase-link", .error, .entitlementUnused),
        Found(file: entitlements, "\(storeKit).external-purchase-link-streaming", .error, .entitlementUnused),
      ])
  }

  @Test func oldOS() throws {
    let file = "old-os.plist"
    let entitlements = "old-os.entitlements"
    #expect(
      try lint(file, entitlements) == [
        Found(file: file, "SKExternalPurchaseMultiLink", .warning, .osVersion),
        Found(file: file, "SKExternalPurchaseCustomLinkRegions", .warning, .osVersion),
        Found(file: file, "SKExternalPurchaseLinkStreamingRegions", .warning, .osVersion),
        Found(
          file: entitlements, "com.apple.developer.storekit.custom-purchase-link.allowed-regions", .warning,
          .osVersion),
      ])
  }

  @Test func macApp() throws {
    let file = "mac-app.plist"
    #expect(
      try lint(file) == [
        Found(file: file, "SKExternalPurchaseMultiLink", .warning, .osVersion),
        Found(file: file, "SKExternalPurchaseCustomLinkRegions", .warning, .osVersion),
        Found(file: file, "SKExternalPurchaseLinkStreamingRegions", .warning, .platformUnsupported),
        Found(file: file, nil, .note, .entitlementsSkipped),
      ])
  }

  @Test func noOSVersion() throws {
    let file = "no-os-version.plist"
    #expect(
      try lint(file) == [
        Found(file: file, "SKExternalPurchaseMultiLink", .note, .osVersionUnknown),
        Found(file: file, nil, .note, .entitlementsSkipped),
      ])
  }

  /// Every file in the folder is covered by a test above or the loader tests (truncated.plist),
  /// so a new example cannot be added without its expected findings.
  @Test func everyExampleIsCovered() throws {
    let covered: Set<String> = [
      "README.md", "make-binary-examples.py", "truncated.plist", "eu-links-good.plist",
      "eu-links.entitlements",
      "streaming-good.plist", "streaming.entitlements", "notice-sheet.plist", "notice-sheet-binary.plist",
      "notice-sheet.entitlements", "bad-countries.plist", "bad-countries-binary.plist", "bad-urls.plist",
      "bad-link-counts.plist", "link-only.entitlements", "bad-streaming-counts.plist",
      "bad-entitlements.plist",
      "bad.entitlements", "entitlements-without-keys.plist", "all-granted.entitlements", "old-os.plist",
      "old-os.entitlements", "mac-app.plist", "no-os-version.plist",
    ]
    let present = try Set(FileManager.default.contentsOfDirectory(atPath: Fixtures.examples.path))
    #expect(present == covered)
  }
}
