import AppleSigning
import Crypto
import Foundation
import MockAppleTestSupport
import Testing

/// A `buy` carrying the backend's signed `introductoryOfferEligibility` option, the compact JWS
/// the app would pass to StoreKit (SPEC-APPSTORE-2026 3): verified with the In-App Purchase key,
/// its claim decides the purchase's introductory offer.
@Suite("Control API: signed introductory offer eligibility")
struct IntroductoryOfferEligibilityTests {
  /// A signed option as Apple's server libraries write it (no `exp`), with `changes` applied.
  static func option(
    _ server: TestServer, product: String = "premium.yearly", allow: Bool, changes: [String: Any] = [:],
    signer: JWTSigner? = nil
  ) throws -> String {
    var claims: [String: Any] = [
      "aud": IntroductoryOfferEligibilityVerifier.audience, "nonce": UUID().uuidString.lowercased(),
      "productId": product, "allowIntroductoryOffer": allow, "transactionId": "700000000000001",
    ]
    claims.merge(changes) { $1 }
    return try (signer ?? server.signer).token(
      bundleId: server.bundleId, issuedAt: TestServer.now, overrides: claims, omitting: ["exp"])
  }

  @Test func aSignedFalseWithholdsTheTrialAndASignedTrueGrantsItAgain() async throws {
    try await TestServer.withAppStore { server in
      let full = try await server.buy(
        "premium.yearly", extra: ["introductoryOfferEligibility": try Self.option(server, allow: false)])
      #expect(full["offerType"] == nil)
      #expect((full["price"] as? Int ?? 0) > 0)
      try await server.commerce([
        "type": "autoRenew", "customer": "alice", "group": "premium", "enabled": false,
      ])
      try await server.advance(days: 366)
      // Alice never had the trial: here the claim agrees with the App Store's own rule.
      let granted = try await server.buy(
        "premium.yearly", extra: ["introductoryOfferEligibility": try Self.option(server, allow: true)])
      #expect(granted["offerType"] as? Int == 1)
      #expect(granted["price"] as? Int == 0)
      try await server.commerce([
        "type": "autoRenew", "customer": "alice", "group": "premium", "enabled": false,
      ])
      try await server.advance(days: 8)
      // Now she has had it: only a claim of true gives it a second time.
      let again = try await server.buy(
        "premium.yearly", extra: ["introductoryOfferEligibility": try Self.option(server, allow: true)])
      #expect(again["offerType"] as? Int == 1)
    }
  }

  @Test func aWrongOptionIsA400NamingItAndChangesNothing() async throws {
    try await TestServer.withAppStore { server in
      let stranger = JWTSigner(
        privateKey: P256.Signing.PrivateKey(), keyId: TestServer.keyId, issuerId: TestServer.issuer)
      let cases: [(String, String)] = [
        (try Self.option(server, product: "premium.monthly", allow: true), "signed for premium.monthly"),
        (try Self.option(server, allow: true, changes: ["aud": "promotional-offer"]), "aud must be"),
        (try Self.option(server, allow: true, changes: ["bid": "com.other"]), "bid must be"),
        (try Self.option(server, allow: true, changes: ["nonce": "1"]), "nonce must be a UUID"),
        (try Self.option(server, allow: true, changes: ["allowIntroductoryOffer": "yes"]), "boolean"),
        (try Self.option(server, allow: true, signer: stranger), "signature does not verify"),
        ("not.a.jws", "not a compact JWS"),
        // A long claim is quoted shortened, never printed back whole.
        (
          try Self.option(server, allow: true, changes: ["nonce": String(repeating: "x", count: 10_000)]),
          "x… (10000 characters)"
        ),
      ]
      for (option, reason) in cases {
        let body: [String: Any] = [
          "type": "buy", "device": "alice.iphone", "product": "premium.yearly",
          "introductoryOfferEligibility": option,
        ]
        let answer = try await server.request(
          "POST", "/epsim/v1/commerce/events", body: try JSONSerialization.data(withJSONObject: body))
        #expect(answer.status == 400, "\(reason)")
        let error = try answer.json()
        #expect(error["fieldName"] as? String == "introductoryOfferEligibility")
        #expect((error["errorMessage"] as? String)?.contains(reason) == true, "\(error)")
        #expect(answer.body.count < 1_000, "\(reason)")
      }
      let both: [String: Any] = [
        "type": "buy", "device": "alice.iphone", "product": "premium.yearly", "allowIntroductoryOffer": true,
        "introductoryOfferEligibility": try Self.option(server, allow: true),
      ]
      let answer = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: try JSONSerialization.data(withJSONObject: both))
      #expect(answer.status == 400)
      #expect(await server.mock.state.commerce.state.transactions.isEmpty, "nothing was bought")
    }
  }
}
