import Crypto
import Foundation
import JSONShield

/// Checks the `Authorization: Bearer` JWT of an App Store Server API request as Apple does
/// (SPEC 9): ES256 signature by the configured key, header `alg` ES256 and `typ` JWT, payload
/// `aud` appstoreconnect-v1, `bid` the app's bundle id, `iss`, and `exp` not yet passed and at
/// most 60 minutes after `iat`. `iat` is optional (SPEC-APPSTORE 1): Apple's own server library
/// sends none, so without it `exp` alone must lie at most 60 minutes ahead of the server's clock.
public struct AppStoreJWTVerifier: Sendable {
  /// The public half of the In-App Purchase key the backend signs with, as X9.63 bytes:
  /// swift-crypto's key types are not `Sendable`, bytes are.
  private let publicKeyBytes: Data
  public var bundleId: String
  /// When set, `iss` must equal it.
  public var issuerId: String?
  /// When set, the header's `kid` must equal it.
  public var keyId: String?
  /// How far `iat` may lie in the future, for clocks that differ a little.
  public var allowedClockSkew: TimeInterval = 60

  private let cache = VerifiedTokenCache()

  public static let audience = "appstoreconnect-v1"
  public static let maximumLifetime: TimeInterval = 60 * 60

  public init(
    publicKey: P256.Signing.PublicKey, bundleId: String, issuerId: String? = nil, keyId: String? = nil
  ) {
    self.publicKeyBytes = publicKey.x963Representation
    self.bundleId = bundleId
    self.issuerId = issuerId
    self.keyId = keyId
  }

  /// The checker of signed `introductoryOfferEligibility` purchase options, which the backend
  /// signs with the same In-App Purchase key (SPEC-APPSTORE-2026 3).
  public var introductoryOfferEligibility: IntroductoryOfferEligibilityVerifier {
    IntroductoryOfferEligibilityVerifier(
      publicKeyBytes: publicKeyBytes, bundleId: bundleId, issuerId: issuerId, keyId: keyId)
  }

  /// Accepts the request's `Authorization` header value at real time `now`, or says why not.
  public func verify(authorization: String?, now: Date) -> Result<Void, AuthenticationFailure> {
    guard let authorization else { return .failure(.init("no Authorization header")) }
    guard authorization.hasPrefix("Bearer ") else {
      return .failure(.init("the Authorization header must be 'Bearer <JWT>'"))
    }
    let jwt = authorization.dropFirst("Bearer ".count)
    if let known = cache.lookup(jwt) {
      return checkTimes(iat: known.iat, exp: known.exp, now: now.timeIntervalSince1970)
    }
    let payloadData: Data
    switch ES256CompactJWS.verifiedPayload(
      jwt, named: "the bearer token", publicKeyBytes: publicKeyBytes, keyId: keyId)
    {
    case .failure(let failure): return .failure(failure)
    case .success(let payload): payloadData = payload
    }
    guard let claims = try? ShieldedJSON.decode(JWTClaims.self, from: payloadData) else {
      return .failure(
        .init("the JWT payload needs string iss, aud, bid, numeric exp and, if present, numeric iat"))
    }
    let result = check(claims, now: now.timeIntervalSince1970)
    if case .success = result { cache.store(jwt, iat: claims.iat, exp: claims.exp) }
    return result
  }

  private func check(_ claims: JWTClaims, now: TimeInterval) -> Result<Void, AuthenticationFailure> {
    if let problem = ES256CompactJWS.identityProblem(
      iss: claims.iss, aud: claims.aud, bid: claims.bid, issuerId: issuerId, audience: Self.audience,
      bundleId: bundleId)
    {
      return .failure(problem)
    }
    if let iat = claims.iat {
      guard claims.exp > iat, claims.exp - iat <= Self.maximumLifetime else {
        return .failure(.init("exp must be after iat and at most 60 minutes later"))
      }
    }
    return checkTimes(iat: claims.iat, exp: claims.exp, now: now)
  }

  /// The checks against the server's clock, run on every request (cached JWTs too).
  private func checkTimes(iat: TimeInterval?, exp: TimeInterval, now: TimeInterval) -> Result<
    Void, AuthenticationFailure
  > {
    if let iat {
      guard iat <= now + allowedClockSkew else { return .failure(.init("iat is in the future")) }
    } else {
      // Without iat the lifetime can only be bounded from now: a JWT valid for more than
      // 60 minutes from the server's clock could not have been issued with a legal iat.
      guard exp - now <= Self.maximumLifetime + allowedClockSkew else {
        return .failure(.init("without iat, exp must be at most 60 minutes after now"))
      }
    }
    guard now < exp else { return .failure(.init("the JWT expired")) }
    return .success(())
  }
}

/// The JOSE header fields Apple reads.
package struct JWTHeader: Decodable {
  package var alg: String
  package var typ: String?
  package var kid: String?
}

/// The payload claims of an App Store Server API JWT.
package struct JWTClaims: Decodable {
  package var iss: String
  /// Optional: Apple's server libraries leave it out.
  package var iat: TimeInterval?
  package var exp: TimeInterval
  package var aud: String
  package var bid: String
}
