import SharedTestSupport
import Testing

@testable import ScenarioLanguage

/// Purchase behaviours that no test pinned before (issue 40, point 7), each run as `epsim run`
/// runs a file: Family Sharing of non-consumables and the last billing retry at the window's end.
@Suite("Pinned purchase behaviours: family sharing and the last billing retry")
struct PinnedCommerceBehaviourTests {
  /// Who got which product with which ownership in a step: `customer product OWNERSHIP`, in order.
  static func grants(_ transcript: Transcript, at statement: String) throws -> [String] {
    let entry = try #require(transcript.entries.first { $0.statement == statement }, "no step '\(statement)'")
    return entry.commerce.compactMap { note in
      note.transaction.map {
        "\(note.customer) \($0.productId ?? "?") \($0.inAppOwnershipType?.rawValue ?? "?")"
      }
    }
  }

  /// Pins: a non-consumable that is not family shareable is never shared (SPEC-APPSTORE 3.1, 5.3).
  @Test func aNonConsumableThatIsNotFamilyShareableIsNeverShared() throws {
    let transcript = try run(
      ScenarioSetup.aliceAndBobOnIOS26(bobIn: "us") + """
        device carol.iphone iOS 26.4 storefront us
        product lamp non-consumable price USA 1 USD
        product book non-consumable price USA 2 USD family
        install alice.iphone
        install carol.iphone
        family alice joins smiths
        family bob joins smiths
        buy lamp on alice.iphone
        buy book on alice.iphone
        buy lamp on carol.iphone
        family carol joins smiths
        """)
    // A member buying and someone joining later, each with a family-shareable control beside.
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
    // A member buys: the plain one stays hers, the shareable one reaches bob.
    #expect(try Self.grants(transcript, at: "buy lamp on alice.iphone") == ["alice lamp PURCHASED"])
    #expect(
      try Self.grants(transcript, at: "buy book on alice.iphone")
        == ["alice book PURCHASED", "bob book FAMILY_SHARED"])
    // Someone joins later, bringing a lamp of her own: only alice's book moves, to carol; neither
    // alice's lamp nor carol's reaches anyone.
    #expect(try Self.grants(transcript, at: "family carol joins smiths") == ["carol book FAMILY_SHARED"])
  }

  static let retrySetup =
    ScenarioSetup.aliceAndBobOnIOS26(bobIn: "us") + """
      product pro.monthly subscription group pro level 1 P1M price USA 9.99 USD
      install alice.iphone
      buy pro.monthly on alice.iphone
      billing alice fails
      advance to next renewal  expect notification DID_FAIL_TO_RENEW and now = 2026-04-01T09:00:00Z and status pro = billing-retry
      advance to 2026-05-31T08:59:59.999Z  expect notification none and status pro = billing-retry and renewal pro isInBillingRetryPeriod = true

      """

  /// Pins: the last billing retry, day 60 at the window's end, still recovers (SPEC-APPSTORE billing retry).
  @Test func theLastBillingRetryAtTheEndOfTheWindowCanStillRecover() throws {
    // Retries fail daily from 2026-04-01T09:00Z; the 60th attempt lands on the window's end. Fixed
    // 1 ms before it, the attempt recovers; not fixed, the subscription expires at that instant;
    // fixed 1 ms after, it is too late.
    let recovered = try run(
      Self.retrySetup + """
        billing alice recovers
        advance to next retry  expect now = 2026-05-31T09:00:00Z and notification DID_RENEW/BILLING_RECOVERY and status pro = active and transactions pro = 2
        """)
    #expect(recovered.passed, "\(TranscriptText.problems(recovered))")
    let expired = try run(
      Self.retrySetup + """
        advance 1ms  expect now = 2026-05-31T09:00:00Z and notification EXPIRED/BILLING_RETRY and status pro = expired and renewal pro expirationIntent = 2
        """)
    #expect(expired.passed, "\(TranscriptText.problems(expired))")
    let tooLate = try run(
      Self.retrySetup + """
        advance 2ms  expect now = 2026-05-31T09:00:00.001Z and notification EXPIRED/BILLING_RETRY
        billing alice recovers
        advance 2d  expect notification none and status pro = expired and transactions pro = 1
        """)
    #expect(tooLate.passed, "\(TranscriptText.problems(tooLate))")
  }
}
