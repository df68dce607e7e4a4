import Foundation
import JSONShield
import SimulationTime

/// Checks a signed `introductoryOfferEligibility` purchase option, the JWS a developer's server
/// signs so the app can pass it to StoreKit's `purchase(options:)` (SPEC-APPSTORE-2026 3), and
/// gives its `allowIntroductoryOffer` claim. Signed with the In-App Purchase key: header ES256,
/// `typ` JWT, `kid`; claims `iss`, `iat` (seconds), `aud` introductory-offer-eligibility, `bid`,
/// `nonce` (a UUID), `productId`, `allowIntroductoryOffer` and `transactionId` (any of the
/// customer's transactions, or their appTransactionId), as Apple's server libraries write them.
public struct IntroductoryOfferEligibilityVerifier: Sendable {
  let publicKeyBytes: Data
  let bundleId: String
  let issuerId: String?
  let keyId: String?
  /// How far `iat` may lie in the future, for clocks that differ a little.
  var allowedClockSkew: TimeInterval = 60

  public static let audience = "introductory-offer-eligibility"

  /// The claim of `jws` for a purchase of `productId` at real time `now`, or why it is refused.
  public func claim(_ jws: String, productId: String, now: Date) -> Result<Bool, AuthenticationFailure> {
    let payload: Data
    switch ES256CompactJWS.verifiedPayload(
      Substring(jws), named: "the signed option", publicKeyBytes: publicKeyBytes, keyId: keyId)
    {
    case .failure(let failure): return .failure(failure)
    case .success(let data): payload = data
    }
    guard let claims = try? ShieldedJSON.decode(EligibilityClaims.self, from: payload) else {
      return .failure(
        .init(
          "the payload needs string iss, aud, bid, nonce, productId and transactionId, numeric iat"
            + " and boolean allowIntroductoryOffer"))
    }
    if let problem = ES256CompactJWS.identityProblem(
      iss: claims.iss, aud: claims.aud, bid: claims.bid, issuerId: issuerId, audience: Self.audience,
      bundleId: bundleId)
    {
      return .failure(problem)
    }
    guard UUID(uuidString: claims.nonce) != nil else {
      return .failure(.init("nonce must be a UUID, found \(TypedValue.shortened(claims.nonce))"))
    }
    guard claims.iat <= now.timeIntervalSince1970 + allowedClockSkew else {
      return .failure(.init("iat is in the future"))
    }
    guard !claims.transactionId.isEmpty else {
      return .failure(.init("transactionId must name one of the customer's transactions"))
    }
    guard claims.productId == productId else {
      return .failure(
        .init(
          "it is signed for \(TypedValue.shortened(claims.productId)), and the purchase is of"
            + " \(TypedValue.shortened(productId))"))
    }
    return .success(claims.allowIntroductoryOffer)
  }
}

/// The payload claims of a signed introductory offer eligibility option.
private struct EligibilityClaims: Decodable {
  var iss: String
  var iat: TimeInterval
  var aud: String
  var bid: String
  var nonce: String
  var productId: String
  var allowIntroductoryOffer: Bool
  var transactionId: String
}
