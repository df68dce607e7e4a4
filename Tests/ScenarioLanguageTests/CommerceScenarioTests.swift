import AppStoreCommerce
import Foundation
import LifecycleSimulator
import SharedTestSupport
import Testing

@testable import ScenarioLanguage

/// The purchase lines of the scenario language: parsing, writing back, running, errors and JSON.
@Suite("Scenarios with Apple purchases")
struct CommerceScenarioTests {
  static let setup =
    ScenarioSetup.aliceAndBobOnIOS26(bobIn: "de") + """
      product pro.monthly subscription group pro level 1 P1M price USA 9.99 USD price DEU 10.5 EUR offer trial introductory free-trial P1W
      product basic.monthly subscription group pro level 2 P1M price USA 4.99 USD
      product coins consumable price USA 0.99 USD

      """
  static let installs = ScenarioSetup.installsOnAliceAndBob

  @Test func productLinesParseIntoTheCatalogAndWriteBack() throws {
    let scenario = try ScenarioParser.parse(Self.setup + "buy coins on alice.iphone quantity 2")
    guard case .product(let pro) = scenario.statements[3].kind else {
      Issue.record("not a product: \(scenario.statements[3].kind)")
      return
    }
    #expect(pro.type == .autoRenewable)
    #expect(pro.subscription == SubscriptionInfo(groupId: "pro", level: 1, duration: .oneMonth))
    #expect(pro.prices["DEU"] == Price(milliunits: 10_500, currency: "EUR"))
    #expect(pro.offers.map(\.discount) == [.freeTrial])
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    #expect(
      ScenarioWriter.statement(scenario.statements[3].kind)
        == "product pro.monthly subscription group pro level 1 P1M price DEU 10.5 EUR price USA 9.99 USD "
        + "offer trial introductory free-trial P1W")
  }

  @Test func everyStepAndExpectationWritesBackToTheSameScenario() throws {
    let source =
      Self.setup + """
        commerce grace-period 28d
        buy pro.monthly on alice.iphone allow-introductory-offer false account-token 6f1e7a3c-0000-4000-8000-000000000001
        auto-renew alice pro off  expect notification DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED
        auto-renew alice pro on
        change alice to basic.monthly
        billing alice fails
        advance to next renewal of alice minus 1ms
        advance to grace end plus 1ms
        billing alice recovers
        advance to next retry
        family bob joins smiths
        buy coins on bob.iphone quantity 3
        consume coins of bob quantity 2
        refund coins of bob reason app-issue  expect transaction revocationType = REFUND_FULL
        expect status pro = active for alice and transactions pro = 3 for alice and renewal pro autoRenewStatus = 1 for alice
        """
    let scenario = try ScenarioParser.parse(source)
    #expect(scenario.statements[6].kind == .commerceSetting(.gracePeriod(.twentyEightDays)))
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
  }

  /// `commerce change-renews off` keeps auto-renew off through a change of product (issue 25).
  @Test func changeRenewsOffKeepsAutoRenewOffAndWritesBack() throws {
    let source =
      Self.setup + """
        commerce change-renews off
        install alice.iphone
        buy pro.monthly on alice.iphone
        auto-renew alice pro off
        change alice to basic.monthly  expect notification DID_CHANGE_RENEWAL_PREF/DOWNGRADE
        advance to next renewal of alice  expect notification EXPIRED/VOLUNTARY
        """
    let scenario = try ScenarioParser.parse(source)
    #expect(scenario.statements[6].kind == .commerceSetting(.changeRenews(false)))
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    let transcript = ScenarioRunner().run(scenario, file: "t.epsim")
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
    let on = ScenarioRunner().run(
      try ScenarioParser.parse(
        source.replacingOccurrences(of: "change-renews off", with: "change-renews on")),
      file: "t.epsim")
    #expect(on.failedExpectations.count == 1, "with auto-renew back on, the renewal comes instead of EXPIRED")
  }

  @Test func offersAndTesterSettingsWriteBack() throws {
    let source = """
      environment sandbox
      device tess.iphone iOS 26.4 storefront us
      product s.monthly subscription group s level 1 P1M price USA 5 USD offer half promotional pay-as-you-go P1M periods 3 price USA 2.5 offer code offer-code pay-up-front P3M price USA 12.345
      product lamp non-consumable price USA 1 USD family
      product pass non-renewing price USA 3 USD
      commerce renewal-rate tess 3m
      commerce failing-renewals tess
      commerce grace-period off
      buy s.monthly on tess.iphone offer half
      """
    let scenario = try ScenarioParser.parse(source)
    guard case .product(let product) = scenario.statements[2].kind else {
      Issue.record("not a product")
      return
    }
    #expect(product.offers[0].periodCount == 3 && product.offers[0].prices == ["USA": 2500])
    #expect(product.offers[1].prices == ["USA": 12345])
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    #expect(ScenarioWriter.write(scenario).contains("price USA 12.345 offer") == false)
    #expect(
      ScenarioWriter.write(scenario).contains("offer code offer-code pay-up-front P3M price USA 12.345\n"))
  }

  @Test func aFailingSandboxTesterGoesIntoBillingRetryAtTheFirstRenewal() throws {
    let transcript = try run(
      """
      environment sandbox
      device tess.iphone iOS 26.4 storefront us
      product s.monthly subscription group s level 1 P1M price USA 5 USD
      commerce renewal-rate tess 3m
      commerce failing-renewals tess
      install tess.iphone
      buy s.monthly on tess.iphone  expect notification SUBSCRIBED/INITIAL_BUY
      advance to next renewal  expect notification DID_FAIL_TO_RENEW and now = 2026-03-01T09:03:00Z
      expect status s = billing-retry and renewal s isInBillingRetryPeriod = true and renewal s gracePeriodExpiresDate = none
      """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func aDowngradeWaitsForTheNextRenewal() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone
        change alice to basic.monthly  expect renewal pro autoRenewProductId = basic.monthly and renewal pro productId = pro.monthly
        advance to next renewal  expect notification DID_RENEW and transaction productId = basic.monthly and transaction price = 4990
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  /// SPEC-APPSTORE-2026 3: a signed introductoryOfferEligibility claim decides for its purchase;
  /// `false` withholds the trial from a newcomer, `true` grants it again after a lapse.
  @Test func aSignedEligibilityClaimDecidesTheIntroductoryOffer() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone allow-introductory-offer false  expect transaction price = 9990 and transaction offerType = none
        auto-renew alice pro off
        advance to next renewal  expect notification EXPIRED/VOLUNTARY
        buy pro.monthly on alice.iphone  expect notification SUBSCRIBED/RESUBSCRIBE and transaction price = 0
        auto-renew alice pro off
        advance to next renewal  expect notification EXPIRED/VOLUNTARY
        buy pro.monthly on alice.iphone  expect transaction price = 9990
        auto-renew alice pro off
        advance to next renewal  expect notification EXPIRED/VOLUNTARY
        buy pro.monthly on alice.iphone allow-introductory-offer true  expect transaction price = 0 and transaction offerDiscountType = FREE_TRIAL
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  /// SPEC-APPSTORE-2026 4: an offer code for a one-time product, in a product line and a buy.
  @Test func aOneTimeProductsOfferCodeIsDeclaredRedeemedAndWrittenBack() throws {
    let source =
      ScenarioSetup.aliceAndBobOnIOS26(bobIn: "de") + """
        product gems consumable price USA 0.99 USD offer gems.launch offer-code one-time price USA 0.49
        install alice.iphone
        buy gems on alice.iphone quantity 2 offer gems.launch  expect notification ONE_TIME_CHARGE and transaction price = 980
        expect transaction offerType = 3 and transaction offerDiscountType = ONE_TIME and transaction offerIdentifier = gems.launch and transaction offerPeriod = none
        buy gems on alice.iphone  expect transaction price = 990 and transaction offerType = none
        """
    let scenario = try ScenarioParser.parse(source)
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    let transcript = try run(source)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
    let wrong = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(
        ScenarioSetup.aliceAndBobOnIOS26(bobIn: "de")
          + "product gems consumable price USA 0.99 USD offer x promotional pay-up-front P1M", file: "t.epsim"
      )
    }
    #expect(
      wrong.errors.first?.description.contains("expected 'offer-code' (a one-time product's only offer type)")
        == true)
  }

  @Test func renewalsHappenAsTheClockPassesThem() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone  expect notification SUBSCRIBED/INITIAL_BUY and transaction price = 0
        advance 6d  expect notification none and transactions pro = 1
        advance 1d  expect notification DID_RENEW and transactions pro = 2 and now = 2026-03-08T09:00:00Z
        advance 62d  expect transactions pro = 4
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
    #expect(transcript.entries[5].commerce.map(\.notification) == ["DID_RENEW", "DID_RENEW"])
  }

  @Test func clockTargetsLandOnTheRenewalAndOneMillisecondAround() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy basic.monthly on alice.iphone
        advance to next renewal minus 1ms  expect now = 2026-04-01T08:59:59.999Z and notification none
        advance to next renewal  expect now = 2026-04-01T09:00:00Z and notification DID_RENEW
        advance to next renewal of alice plus 1ms  expect now = 2026-05-01T09:00:00.001Z
        """)
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  @Test func failedExpectationsSayWhatWasThere() throws {
    let transcript = try run(
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone  expect notification DID_RENEW and transaction productId = basic.monthly
        expect status pro = expired and transactions pro = 2 and renewal pro autoRenewStatus = 0
        expect status pro = active for bob
        """)
    #expect(transcript.statuses == Array(repeating: .failed, count: 6))
    #expect(
      transcript.expectations.map(\.actual) == [
        "SUBSCRIBED/INITIAL_BUY", "pro.monthly", "active for alice", "1", "1",
        "no subscription in pro for bob",
      ])
  }

  @Test func dateFieldsAreWrittenAndShownAsTimes() throws {
    let transcript = try run(
      Self.setup + Self.installs
        + "buy basic.monthly on alice.iphone  expect transaction expiresDate = 2026-04-01T09:00:00.001Z")
    let record = try #require(transcript.expectations.first)
    #expect(record.text == "transaction expiresDate = 2026-04-01T09:00:00.001Z")
    #expect(record.status == .failed)
    #expect(record.actual == "2026-04-01T09:00:00.000Z (1775034000000)")
  }

  /// A customer who cannot make payments cannot buy (SPEC-APPSTORE-2026 section 5): `buy` and
  /// `change` stop the run with the reason, nothing is bought; with payments on again, it goes through.
  @Test func aCustomerWhoCannotMakePaymentsCannotBuy() throws {
    let setup = "customer alice cannot-pay\n" + Self.setup + Self.installs
    let refused = try run(setup + "buy coins on alice.iphone\nexpect transactions pro = 0")
    #expect(refused.failure?.location.line == 10)
    #expect(
      refused.failure?.message
        == "customer alice cannot make payments (Screen Time or a device management profile blocks "
        + "purchases): StoreKit's purchase() fails with purchaseNotAllowed and nothing is bought")
    let change = try run(
      setup
        + "payments alice on\nbuy pro.monthly on alice.iphone\npayments alice off\nchange alice to basic.monthly"
    )
    #expect(change.failure?.message.hasPrefix("customer alice cannot make payments") == true)
    let allowed = try run(
      setup + "payments alice on\nbuy pro.monthly on alice.iphone  expect transactions pro = 1")
    #expect(allowed.failure == nil)
    #expect(allowed.expectations.allSatisfy { $0.status == .passed })
  }

  /// A purchase is made in the app: `buy` on a device without it stops the run with the reason
  /// (the terminal UI and the control API refuse it with the same words).
  @Test func buyingWithoutTheAppIsRefused() throws {
    let transcript = try run(Self.setup + "buy coins on alice.iphone\nexpect transactions pro = 0")
    #expect(transcript.failure?.location.line == 7)
    #expect(
      transcript.failure?.message
        == "the app is not installed on alice.iphone; a purchase is made in the app: install it first")
    #expect(transcript.notRun.count == 1)
    let installed = try run(Self.setup + "install alice.iphone\nbuy coins on alice.iphone")
    #expect(installed.failure == nil)
  }

  /// `commerce` lines among the steps change the setting from then on, through the same
  /// `CommerceWorld.apply` as the setup's (the terminal UI's settings form writes them).
  @Test func commerceLinesAmongTheStepsApplyFromThen() throws {
    let source =
      Self.setup + Self.installs + """
        buy pro.monthly on alice.iphone
        commerce grace-period 16d
        billing alice fails
        advance to next renewal  expect notification DID_FAIL_TO_RENEW/GRACE_PERIOD and status pro = grace-period
        commerce renewal-rate bob 1h
        """
    let scenario = try ScenarioParser.parse(source)
    #expect(scenario.statements[9].kind == .command(.commerce(.setting(.gracePeriod(.sixteenDays)))))
    #expect(try ScenarioParser.parse(ScenarioWriter.write(scenario)) == scenario)
    let transcript = ScenarioRunner().run(scenario, file: "t.epsim")
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(
        Self.setup + Self.installs + "commerce renewal-rate nobody 1h", file: "t.epsim")
    }
    #expect(error.errors.first?.description.contains("expected a known customer") == true, "\(error)")
  }

  @Test func engineRefusalsStopTheRunAtTheLine() throws {
    let transcript = try run(Self.setup + "change alice to basic.monthly\nexpect status pro = active")
    #expect(transcript.failure?.location.line == 7)
    #expect(transcript.failure?.message.contains("alice") == true)
    #expect(transcript.notRun.count == 1)
  }

  @Test func badLinesGiveLineColumnAndSuggestions() throws {
    let cases: [(String, String)] = [
      (
        "buy pro.montly on alice.iphone",
        "test.epsim:7:5: expected a known product (basic.monthly, coins, pro.monthly), found 'pro.montly'; did you mean 'pro.monthly'?"
      ),
      (
        "buy coins on alice.iphone offer trial",
        "test.epsim:7:33: expected an offer of coins, found 'trial' (coins has no offers)"
      ),
      (
        "buy pro.monthly on alice.iphone offer trial",
        "test.epsim:7:39: expected an offer of pro.monthly, found 'trial' (trial is pro.monthly's introductory offer, which the App Store applies to an eligible customer by itself: leave the offer out (allow-introductory-offer true|false overrides eligibility))"
      ),
      (
        "auto-renew alice pr off",
        "test.epsim:7:18: expected a known subscription group (pro), found 'pr'; did you mean 'pro'?"
      ),
      (
        "billing alice fail",
        "test.epsim:7:15: expected 'fails' or 'recovers', found 'fail'; did you mean 'fails'?"
      ),
      (
        "buy coins on alice.iphone  expect notification DID_RENEWW",
        "test.epsim:7:48: expected a notification type such as DID_RENEW or SUBSCRIBED/INITIAL_BUY, or 'none', found 'DID_RENEWW'; did you mean 'DID_RENEW'?"
      ),
      (
        "buy coins on alice.iphone  expect notification SUBSCRIBED/INITIAL",
        "test.epsim:7:59: expected a notification subtype, found 'INITIAL'"
      ),
      (
        "expect status pro = activ for alice",
        "test.epsim:7:21: expected a status (active, expired, billing-retry, grace-period or revoked), found 'activ'; did you mean 'active'?"
      ),
      (
        "expect renewal pro autoRenewStatu = 1 for alice",
        "test.epsim:7:20: expected a renewal info field, found 'autoRenewStatu'; did you mean 'autoRenewStatus'?"
      ),
      (
        "product x subscription group g level 1 P1D price USA 1 USD",
        "test.epsim:7:40: expected a period (P1W, P1M, P2M, P3M, P6M or P1Y), found 'P1D'; did you mean 'P1W'?"
      ),
      (
        "product x consumable price USA 1.2345 USD",
        "test.epsim:7:32: expected a price such as 9.99 (at most 3 decimals, below 1000000000), found '1.2345'"
      ),
      (
        "install alice.iphone\nproduct x consumable price USA 1 USD",
        "test.epsim:8:1: expected a step, a rule change or 'expect', found 'product' (setup lines go before the first step, line 7)"
      ),
      (
        "buy coins on alice.iphone  expect notification none\nrequest SERVICES on alice.iphone  expect transaction price = 1",
        "test.epsim:8:42: expected an expectation that fits the step on line 8, found 'transaction' ('transaction' examines the answer of 'commerce' steps)"
      ),
    ]
    for (line, message) in cases {
      let error = try #require(throws: ScenarioParseErrors.self) {
        try ScenarioParser.parse(Self.setup + line, file: "test.epsim")
      }
      #expect(error.errors.first?.description == message, "\(line)")
    }
  }

  /// A pasted page where one word belongs is quoted shortened, as the UI's forms quote it.
  @Test func aLongWordIsQuotedShortenedInTheError() throws {
    let long = String(repeating: "x", count: 10_000)
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(
        Self.setup + "buy pro.monthly on alice.iphone allow-introductory-offer \(long)", file: "test.epsim")
    }
    let message = try #require(error.errors.first?.description)
    #expect(message.hasPrefix("test.epsim:7:58: expected 'true' or 'false', found 'xxx"), "\(message)")
    #expect(message.contains("…' (10000 characters)"))
    #expect(message.count < 200)
  }

  @Test func jsonTranscriptCarriesTheTransactionsAndTextListsThem() throws {
    let transcript = try run(
      Self.setup + Self.installs + "buy pro.monthly on bob.iphone  expect transaction storefront = DEU")
    let json = TranscriptJSON.document([transcript])
    #expect(json.contains("\"commerce\""))
    #expect(json.contains("\"notification\": \"SUBSCRIBED/INITIAL_BUY\""))
    // Bob is new to the group: the App Store gives him the week's free trial (SPEC-APPSTORE-2026 3).
    #expect(json.contains("\"price\": 0"))
    #expect(json.contains("\"offerDiscountType\": \"FREE_TRIAL\""))
    #expect(json.contains("\"currency\": \"EUR\""))
    #expect(json.contains("\"storefrontId\": \"143443\""))
    let text = TranscriptText.document([transcript])
    #expect(
      text.contains(
        "App Store 2026-03-01T09:00:00.000Z  bob subscribed to pro.monthly  [SUBSCRIBED/INITIAL_BUY]"))
    // A token-only transcript has no commerce key at all.
    let plain = try run("device a.b iOS 18.2 storefront nl\ninstall a.b\nexpect now = 2026-03-01T09:00:00Z")
    #expect(!TranscriptJSON.document([plain]).contains("commerce"))
  }

  /// Schema version 2: each subscription event carries its decoded renewal info, so QA sees grace,
  /// billing retry, expiration intent and auto-renew status without expectations (issue 25).
  @Test func jsonTranscriptCarriesTheRenewalInfoOfSubscriptionEvents() throws {
    let transcript = try run(
      Self.setup + """
        commerce grace-period 16d
        install alice.iphone
        buy pro.monthly on alice.iphone
        buy coins on alice.iphone
        billing alice fails
        advance to next renewal of alice
        auto-renew alice pro off
        """)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(TranscriptJSON.document([transcript]).utf8))
        as? [String: Any])
    #expect(root["schemaVersion"] as? Int == 2)
    let steps = try #require((root["scenarios"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
    let notes = steps.compactMap { $0["commerce"] as? [[String: Any]] }.flatMap { $0 }
    let bought = try #require(notes.first)
    let renewal = try #require(bought["renewalInfo"] as? [String: Any])
    #expect(renewal["autoRenewStatus"] as? Int == 1 && renewal["isInBillingRetryPeriod"] as? Bool == false)
    #expect(renewal["autoRenewProductId"] as? String == "pro.monthly")
    #expect(notes[1]["renewalInfo"] is NSNull, "a consumable has none")
    let failed = try #require(
      notes.first { $0["notification"] as? String == "DID_FAIL_TO_RENEW/GRACE_PERIOD" })
    let grace = try #require(failed["renewalInfo"] as? [String: Any])
    #expect(grace["isInBillingRetryPeriod"] as? Bool == true)
    // The first renewal ends the week's free trial.
    let graceEnd: Int64 = 1_772_355_600_000 + (7 + 16) * 86_400_000
    #expect((grace["gracePeriodExpiresDate"] as? NSNumber)?.int64Value == graceEnd)
    let off = try #require(notes.last?["renewalInfo"] as? [String: Any])
    #expect(off["autoRenewStatus"] as? Int == 0)
    // Expired: the intent shows.
    let expired = try run(
      Self.setup + Self.installs
        + "buy pro.monthly on alice.iphone\nauto-renew alice pro off\nadvance to next renewal of alice")
    let text = TranscriptJSON.document([expired])
    #expect(text.contains("\"expirationIntent\": 1"))
  }

  @Test func sameSeedGivesTheSameTranscriptAndAnotherSeedOtherIds() throws {
    let source =
      Self.setup + Self.installs + "buy pro.monthly on alice.iphone\nadvance 100d\nbuy coins on alice.iphone"
    let first = TranscriptJSON.document([try run(source)])
    #expect(first == TranscriptJSON.document([try run(source)]))
    #expect(first != TranscriptJSON.document([try run(source, seed: 7)]))
  }
}
