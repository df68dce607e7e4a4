import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

@Suite("Parser: every construct")
struct ParserTests {
  static let everySetupLine = """
    # comment line
    environment sandbox
    seed 7   # trailing comment
    start 2026-03-01T09:00:00Z
    app com.example id 1234567890 version 1.0 custom-link-regions nl, fr
    entitlement external-purchase
    entitlement external-purchase-link
    entitlement external-purchase-link-streaming
    entitlement allowed-regions jp,br
    plist SKExternalPurchase nl,kr
    plist SKExternalPurchaseLink nl https://example.com/buy#top
    plist SKExternalPurchaseMultiLink de https://a.example https://b.example
    plist SKExternalPurchaseCustomLinkRegions nl,fr
    plist SKExternalPurchaseLinkStreamingRegions is,no
    rules environment production
    rules creation qualifying-event
    creation first-request
    rules services-renewal request
    lifetime SERVICES 30d
    lifetime all 1h
    refresh never
    refresh always
    refresh every 3
    refresh probability 0.25
    os-gating off
    eligibility on
    type-regions off
    customer bruno cannot-pay
    customer carol
    device alice.iphone iOS 18.2 storefront nl
    device tablet iPadOS 18.1 storefront fr customer bruno
    """

  @Test func parsesEverySetupLine() throws {
    let scenario = try ScenarioParser.parse(Self.everySetupLine)
    let kinds = scenario.statements.map(\.kind)
    let expected: [StatementKind] = [
      .environment(.sandbox), .seed(7), .start(1_772_355_600_000),
      .app(
        AppLine(
          bundleId: "com.example", appAppleId: 1_234_567_890, version: "1.0", customLinkRegions: ["nl", "fr"])
      ),
      .entitlement(.externalPurchase), .entitlement(.externalPurchaseLink),
      .entitlement(.externalPurchaseLinkStreaming), .entitlement(.allowedRegions(["jp", "br"])),
      .plist(.externalPurchase(["nl", "kr"])),
      .plist(.link(country: "nl", url: "https://example.com/buy#top")),
      .plist(.multiLink(country: "de", urls: ["https://a.example", "https://b.example"])),
      .plist(.customLinkRegions(["nl", "fr"])), .plist(.streamingRegions(["is", "no"])),
      .rule(.environment(.production)), .rule(.creation(.onQualifyingEvent)),
      .rule(.creation(.onFirstRequest)),
      .rule(.servicesRenewal(.onRequest)), .rule(.lifetime(.services, 30 * Milliseconds.day)),
      .rule(.lifetime(nil, Milliseconds.hour)), .rule(.refresh(.never)), .rule(.refresh(.always)),
      .rule(.refresh(.everyNth(3))), .rule(.refresh(.probability(0.25))), .rule(.osGating(false)),
      .rule(.eligibilityChecks(true)), .rule(.typeRegionGating(false)),
      .customer(id: "bruno", canMakePayments: false), .customer(id: "carol", canMakePayments: true),
      .device(DeviceLine(id: "alice.iphone", platform: .iOS, osVersion: OSVersion(18, 2), storefront: "nl")),
      .device(
        DeviceLine(
          id: "tablet", platform: .iPadOS, osVersion: OSVersion(18, 1), storefront: "fr", customer: "bruno")),
    ]
    #expect(kinds == expected)
    #expect(scenario.setupCount == expected.count)
    #expect(scenario.statements[0].location == SourceLocation(line: 2, column: 1))
    #expect(scenario.statements[1].location == SourceLocation(line: 3, column: 1))
  }

  static let everyStep = """
    device alice.iphone iOS 18.2 storefront nl
    customer bob
    install alice.iphone
    update alice.iphone
    update alice.iphone to 1.1
    uninstall alice.iphone
    redownload alice.iphone
    request services on alice.iphone
    request IN_APP on alice.iphone
    check-eligibility on alice.iphone
    notice-sheet on alice.iphone
    link-out on alice.iphone
    link-out on alice.iphone url https://example.com/buy
    force-refresh
    storefront alice.iphone fr
    os alice.iphone 26.4
    payments bob off
    payments bob on
    advance 59m59.999s
    advance to 2026-03-01T10:00:00.000Z
    advance to 1772359200000
    advance to next expiry
    advance to next expiry minus 1ms
    advance to next expiry plus 2s
    advance to expiry of SERVICES
    advance to expiry of SERVICES of bob minus 1ms
    refresh always
    environment production
    customer dave
    device dave.ipad iPadOS 18.1 storefront de
    expect now = 2026-03-01T10:00:00Z
    """

  @Test func parsesEveryStep() throws {
    let scenario = try ScenarioParser.parse(Self.everyStep)
    let expected: [StatementKind] = [
      .install(device: "alice.iphone"), .update(device: "alice.iphone", version: nil),
      .update(device: "alice.iphone", version: "1.1"), .uninstall(device: "alice.iphone"),
      .redownload(device: "alice.iphone"), .request(type: .services, device: "alice.iphone"),
      .request(type: .inApp, device: "alice.iphone"), .checkEligibility(device: "alice.iphone"),
      .noticeSheet(device: "alice.iphone"), .linkOut(device: "alice.iphone", url: nil),
      .linkOut(device: "alice.iphone", url: "https://example.com/buy"), .forceRefresh,
      .setStorefront(device: "alice.iphone", storefront: "fr"),
      .setOS(device: "alice.iphone", version: OSVersion(26, 4)),
      .setPayments(customer: "bob", allowed: false), .setPayments(customer: "bob", allowed: true),
      .advance(.by(3_599_999)), .advance(.to(1_772_359_200_000)), .advance(.to(1_772_359_200_000)),
      .advance(.nextExpiry(offset: 0)), .advance(.nextExpiry(offset: -1)),
      .advance(.nextExpiry(offset: 2_000)),
      .advance(.expiryOf(type: .services, customer: nil, offset: 0)),
      .advance(.expiryOf(type: .services, customer: "bob", offset: -1)),
      .rule(.refresh(.always)), .environment(.production), .customer(id: "dave", canMakePayments: true),
      .device(DeviceLine(id: "dave.ipad", platform: .iPadOS, osVersion: OSVersion(18, 1), storefront: "de")),
      .expect,
    ]
    #expect(scenario.setupCount == 2)
    #expect(Array(scenario.steps.map(\.kind)) == expected)
    #expect(scenario.steps.last?.expectations.map(\.kind) == [.now(1_772_359_200_000)])
  }

  @Test func parsesDemo() throws {
    let scenario = try ScenarioParser.parse("demo\ninstall kenji.iphone\n")
    #expect(scenario.statements.map(\.kind) == [.demo, .install(device: "kenji.iphone")])
  }

  static let everyExpectation = """
    device alice.iphone iOS 18.2 storefront nl
    customer bob
    request SERVICES on alice.iphone  expect token and nothing and not eligible and not eligible reason region
    request SERVICES on alice.iphone  expect new period and same period and same id and refreshed id
    request SERVICES on alice.iphone  expect field tokenExpirationDate = 2026-03-01T10:00:00.000Z and field tokenExpirationDate = 1772359200000
    expect field tokenType = SERVICES and field tokenType = none and field appAppleId = 7 and field bundleId = com.x
    expect field externalPurchaseId = SANDBOX_1 and field tokenCreationDate = 0 and environment sandbox
    check-eligibility on alice.iphone  expect eligible
    link-out on alice.iphone  expect url = https://example.com/buy?externalPurchaseToken={token}&bundleId=com.x
    expect SERVICES active and ACQUISITION expired for bob and IN_APP none
    expect periods = 1 and periods SERVICES = 2 for bob and periods LINK_OUT = 0 for all
    expect tokens = 5 and tokens ACQUISITION = 1 for all and now = 2026-03-01T09:00:00Z
    """

  @Test func parsesEveryExpectation() throws {
    let scenario = try ScenarioParser.parse(Self.everyExpectation)
    let kinds = scenario.statements.flatMap(\.expectations).map(\.kind)
    let expected: [ExpectationKind] = [
      .token, .nothing, .notEligible(reason: nil), .notEligible(reason: "region"),
      .newPeriod, .samePeriod, .sameId, .refreshedId,
      .field(.tokenExpirationDate, .integer(1_772_359_200_000)),
      .field(.tokenExpirationDate, .integer(1_772_359_200_000)),
      .field(.tokenType, .text("SERVICES")), .field(.tokenType, .absent), .field(.appAppleId, .integer(7)),
      .field(.bundleId, .text("com.x")), .field(.externalPurchaseId, .text("SANDBOX_1")),
      .field(.tokenCreationDate, .integer(0)), .environment(.sandbox),
      .eligible,
      .url("https://example.com/buy?externalPurchaseToken={token}&bundleId=com.x"),
      .state(type: .services, state: .active, customer: .lastUsed),
      .state(type: .acquisition, state: .expired, customer: .named("bob")),
      .state(type: .inApp, state: .none, customer: .lastUsed),
      .periodCount(type: nil, count: 1, customer: .lastUsed),
      .periodCount(type: .services, count: 2, customer: .named("bob")),
      .periodCount(type: .linkOut, count: 0, customer: .everyone),
      .tokenCount(type: nil, count: 5, customer: .lastUsed),
      .tokenCount(type: .acquisition, count: 1, customer: .everyone),
      .now(1_772_355_600_000),
    ]
    #expect(kinds == expected)
  }

  @Test func recordsTheColumnOfEveryExpectation() throws {
    let scenario = try ScenarioParser.parse(
      "device a.b iOS 18.2 storefront nl\nrequest SERVICES on a.b  expect token and new period\n")
    let step = try #require(scenario.steps.first)
    #expect(step.location == SourceLocation(line: 2, column: 1))
    #expect(
      step.expectations.map(\.location) == [
        SourceLocation(line: 2, column: 33), SourceLocation(line: 2, column: 43),
      ])
  }

  @Test func deviceNamesGiveTheirCustomer() throws {
    let scenario = try ScenarioParser.parse(
      "device alice.work.iphone iOS 18.2 storefront nl\nexpect periods = 0 for alice\n")
    guard case .command(.device(let line)) = scenario.statements[0].kind else {
      Issue.record("not a device line")
      return
    }
    #expect(line.customerId == "alice")
  }

  @Test func commentsNeedAWordStart() {
    let line = WordSplitter.words(
      of: "plist SKExternalPurchaseLink nl https://e.example/a#b  # note", number: 1)
    #expect(line.words.map(\.text) == ["plist", "SKExternalPurchaseLink", "nl", "https://e.example/a#b"])
    #expect(line.words.map(\.column) == [1, 7, 30, 33])
  }

  @Test func windowsLineEndingsAreAccepted() throws {
    let scenario = try ScenarioParser.parse("seed 3\r\nstart 0\r\n")
    #expect(scenario.statements.map(\.kind) == [.seed(3), .start(0)])
  }

  @Test func everyEngineReasonCodeIsKnown() {
    let reasons: [Ineligibility] = [
      .osTooOld(platform: .iOS, version: OSVersion(17), required: OSVersion(18, 1), api: "x"),
      .apiUnavailableOnPlatform(platform: .tvOS, api: "x"), .cannotMakePayments(customer: "a"),
      .missingEntitlement("x"), .storefrontNotAllowed(storefront: "us"),
      .storefrontNotListed(storefront: "de", keys: "x"), .typeNotOffered(type: .inApp, storefront: "nl"),
      .stringFormGone(platform: .iOS, version: OSVersion(27, 2), since: OSVersion(27, 2), type: .inApp),
    ]
    #expect(reasons.map(\.code) == IneligibilityCodes.all)
    // A key the OS predates reuses the codes of the API checks.
    let keyReasons: [Ineligibility] = [
      .keyNeedsNewerOS(
        key: "k", storefront: "nl", platform: .iOS, version: OSVersion(18), required: OSVersion(18, 2)),
      .keyNeedsNewerOS(key: "k", storefront: "nl", platform: .macOS, version: OSVersion(26), required: nil),
    ]
    #expect(keyReasons.map(\.code) == ["os-too-old", "platform"])
  }

  /// `type-regions brazil on|off` and `sheet-and-link-payments on|off`: their own rule settings,
  /// written back as read.
  @Test func brazilAndPaymentsSettingsParseAndWriteBack() throws {
    let text =
      "type-regions brazil off\ntype-regions on\nsheet-and-link-payments off\nrules type-regions brazil on\n"
    let scenario = try ScenarioParser.parse(text)
    #expect(
      scenario.statements.map(\.kind) == [
        .rule(.perTransactionInBrazil(false)), .rule(.typeRegionGating(true)),
        .rule(.sheetAndLinkNeedPayments(false)),
        .rule(.perTransactionInBrazil(true)),
      ])
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse("type-regions japan\n")
    }
    #expect(error.errors.count == 1)
    #expect(
      error.errors.first?.description.hasSuffix(":1:14: expected 'on', 'off' or 'brazil', found 'japan'")
        == true)
  }
}
