import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import SharedTestSupport
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

/// The later purchase lines: leaving a family, partial refunds, refund requests, price changes,
/// products off sale, clearing a sandbox tester's history, and a device moving storefront.
@Suite("Scenarios with Apple purchases: the rest of a customer's life")
struct CommerceLifeEventTests {
  static let setup =
    ScenarioSetup.aliceAndBobOnIOS26(bobIn: "us") + """
      product pro.monthly subscription group pro level 1 P1M price USA 9.99 USD price FRA 10.99 EUR family
      product coins consumable price USA 0.99 USD

      """
  static let installs = ScenarioSetup.installsOnAliceAndBob

  @Test func everyNewLineParsesAndWritesBack() throws {
    let source =
      Self.setup + """
        buy pro.monthly on alice.iphone
        family alice joins smiths
        family alice leaves
        refund-request pro.monthly of alice  expect notification CONSUMPTION_REQUEST
        refund-decline pro.monthly of alice
        refund pro.monthly of alice reason app-issue percent 12.5
        price pro.monthly USA 12.99 consent
        price-consent alice pro
        sale pro.monthly off
        sale pro.monthly on
        clear-history alice
        """
    let scenario = try ScenarioParser.parse(source)
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    let steps = scenario.statements.compactMap { statement -> CommerceStep? in
      guard case .command(.commerce(let step)) = statement.kind else { return nil }
      return step
    }
    #expect(steps[2] == .leaveFamily(customer: "alice"))
    #expect(
      steps[5]
        == .partialRefund(product: "pro.monthly", customer: "alice", reason: .appIssue, milliunits: 12_500))
    #expect(
      steps[6] == .setPrice(product: "pro.monthly", storefront: "USA", milliunits: 12_990, needsConsent: true)
    )
  }

  @Test func aFullPercentIsAPlainRefund() throws {
    let scenario = try ScenarioParser.parse(
      Self.setup + "buy coins on alice.iphone\nrefund coins of alice percent 100")
    #expect(
      scenario.statements.last?.kind
        == .commerce(.refund(product: "coins", customer: "alice", reason: .other)))
  }

  @Test func aFamilyMemberLosesTheSubscriptionWhenThePurchaserLeaves() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        family alice joins smiths
        family bob joins smiths
        buy pro.monthly on alice.iphone  expect status pro = active for bob
        family alice leaves  expect notification REVOKE and status pro = revoked for bob and status pro = active for alice
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func aPartialRefundIsProratedAndKeepsTheSubscription() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy coins on alice.iphone
        refund coins of alice percent 50  expect notification REFUND and transaction revocationType = REFUND_PRORATED and transaction revocationPercentage = 50000
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func aRefundRequestThenADecline() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy coins on alice.iphone
        refund-request coins of alice  expect notification CONSUMPTION_REQUEST
        refund-decline coins of alice  expect notification REFUND_DECLINED
        refund-decline coins of alice
        """)
    #expect(transcript.failure?.message.contains("no refund") == true, "\(transcript.failure?.message ?? "")")
    #expect(transcript.failure?.location.line == 11, "\(TranscriptText.problems(transcript))")
  }

  @Test func aPriceRaiseNeedingConsentIsPendingUntilTheSubscriberAgrees() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone
        price pro.monthly USA 12.99 consent  expect notification PRICE_INCREASE/PENDING and renewal pro priceIncreaseStatus = 0
        price-consent alice pro  expect notification PRICE_INCREASE/ACCEPTED and renewal pro priceIncreaseStatus = 1
        advance to next renewal  expect notification DID_RENEW and transaction price = 12990
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func aProductOffSaleCannotBeBoughtAndDoesNotRenew() throws {
    let offSale = try run(Self.setup + Self.installs + "sale coins off\nbuy coins on alice.iphone")
    #expect(offSale.failure?.message.contains("not for sale") == true)
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone
        sale pro.monthly off
        advance to next renewal  expect status pro = expired and renewal pro expirationIntent = 4
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func clearingHistoryIsForSandboxTestersOnly() throws {
    let production = try run(Self.setup + Self.installs + "buy coins on alice.iphone\nclear-history alice")
    #expect(production.failure?.message.contains("sandbox") == true)
    let sandbox = try run(
      "environment sandbox\n" + Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone
        clear-history alice
        buy pro.monthly on alice.iphone  expect notification SUBSCRIBED/INITIAL_BUY
        """)
    #expect(sandbox.passed, "\(TranscriptText.problems(sandbox))")
  }

  @Test func aDeviceMovingStorefrontMovesTheAccountAndItsRenewalPrice() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone  expect transaction storefront = USA
        storefront alice.iphone fr
        advance to next renewal  expect transaction storefront = FRA and transaction currency = EUR and transaction price = 10990
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func badNewLinesSayWhatWasExpected() throws {
    let cases: [(String, String)] = [
      ("refund coins of alice percent 0", "expected a percentage above 0 and at most 100"),
      ("refund coins of alice percent 101", "expected a percentage above 0 and at most 100"),
      ("price coins us 1.99", "expected a storefront such as USA"),
      ("sale coins maybe", "expected"),
      ("family alice stays", "expected 'joins' or 'leaves'"),
    ]
    for (line, message) in cases {
      do {
        _ = try ScenarioParser.parse(Self.setup + line, file: "test.epsim")
        Issue.record("accepted: \(line)")
      } catch {
        #expect("\(error)".contains(message), "\(line): \(error)")
      }
    }
  }
}
