import AppleSigning
import Crypto
import Foundation
import MockAppleTestSupport
import Testing

@Suite("Mock server: JWT authentication")
struct AuthenticationTests {
  @Test func everyBadTokenGets401AndChangesNothing() async throws {
    try await TestServer.with { server in
      let body = try reportBody(token: "whatever", status: "NO_LINE_ITEM")
      let tooLong = try server.jwt(lifetime: 3_601)
      let expired = try server.signer.token(
        bundleId: server.bundleId, issuedAt: TestServer.now.addingTimeInterval(-3_600), lifetime: 3_600)
      let future = try server.signer.token(
        bundleId: server.bundleId, issuedAt: TestServer.now.addingTimeInterval(600))
      let otherKey = try JWTSigner(
        privateKey: .init(), keyId: TestServer.keyId, issuerId: TestServer.issuer
      ).token(bundleId: server.bundleId, issuedAt: TestServer.now)
      let cases: [(String?, String)] = [
        (nil, "no Authorization header"),
        ("Basic abc", "must be 'Bearer <JWT>'"),
        ("Bearer not-a-jwt", "compact JWS"),
        (
          "Bearer \(try server.jwt(header: ["alg": "HS256", "typ": "JWT", "kid": TestServer.keyId]))",
          "alg must be ES256"
        ),
        ("Bearer \(try server.jwt(header: ["alg": "ES256", "typ": "JWT", "kid": "OTHER"]))", "kid must be"),
        ("Bearer \(try server.jwt(overrides: ["aud": "appstoreconnect-v2"]))", "aud must be"),
        ("Bearer \(try server.jwt(overrides: ["bid": "com.other.app"]))", "bid must be"),
        ("Bearer \(try server.jwt(overrides: ["iss": "someone-else"]))", "iss must be"),
        ("Bearer \(tooLong)", "at most 60 minutes"),
        ("Bearer \(expired)", "expired"),
        ("Bearer \(future)", "iat is in the future"),
        ("Bearer \(otherKey)", "signature does not verify"),
      ]
      for (authorization, reason) in cases {
        let answer = try await server.request(
          "PUT", "/externalPurchase/v1/reports", body: body, authorization: authorization)
        #expect(answer.status == 401, "\(reason)")
        #expect(answer.authError?.contains(reason) == true, "\(answer.authError ?? "no reason") vs \(reason)")
      }
      let get = try await server.request(
        "GET", "/externalPurchase/v1/reports/x", authorization: "Bearer nope")
      #expect(get.status == 401)
    }
  }

  @Test func aTamperedPayloadFailsTheSignature() async throws {
    try await TestServer.with { server in
      let parts = try server.jwt().split(separator: ".").map(String.init)
      let other = try server.jwt(overrides: ["iss": TestServer.issuer, "nonce": "x"]).split(separator: ".")
      let tampered = [parts[0], String(other[1]), parts[2]].joined(separator: ".")
      let answer = try await server.putReport(
        try reportBody(token: "t", status: "NO_LINE_ITEM"), authorization: "Bearer \(tampered)")
      #expect(answer.status == 401)
      #expect(answer.authError?.contains("signature") == true)
    }
  }

  @Test func exactlySixtyMinutesIsAllowed() async throws {
    try await TestServer.with { server in
      let answer = try await server.putReport(
        try reportBody(token: "t", status: "NO_LINE_ITEM"),
        authorization: "Bearer \(try server.jwt(lifetime: 3_600))")
      #expect(answer.status == 400, "authenticated; the report itself names an unknown token")
    }
  }
}

@Suite("JWT verifier")
struct JWTVerifierTests {
  @Test func aVerifiedTokenStillExpiresOnTime() throws {
    let key = P256.Signing.PrivateKey()
    let verifier = AppStoreJWTVerifier(publicKey: key.publicKey, bundleId: "com.example")
    let signer = JWTSigner(privateKey: key, keyId: "K", issuerId: "I")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let bearer = "Bearer " + (try signer.token(bundleId: "com.example", issuedAt: now, lifetime: 600))
    #expect((try? verifier.verify(authorization: bearer, now: now).get()) != nil)
    #expect((try? verifier.verify(authorization: bearer, now: now.addingTimeInterval(599)).get()) != nil)
    let expired = verifier.verify(authorization: bearer, now: now.addingTimeInterval(600))
    guard case .failure(let failure) = expired else {
      Issue.record("an expired JWT was accepted from the cache")
      return
    }
    #expect(failure.reason == "the JWT expired")
  }

  @Test func aJWTWithoutIatIsBoundedByExpAlone() throws {
    let key = P256.Signing.PrivateKey()
    let verifier = AppStoreJWTVerifier(publicKey: key.publicKey, bundleId: "com.example")
    let signer = JWTSigner(privateKey: key, keyId: "K", issuerId: "I")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func bearer(expiresIn seconds: TimeInterval) throws -> String {
      "Bearer "
        + (try signer.token(bundleId: "com.example", issuedAt: now, lifetime: seconds, omitting: ["iat"]))
    }
    // As Apple's Python library makes it: no iat, exp five minutes ahead.
    let libraryStyle = try bearer(expiresIn: 300)
    #expect((try? verifier.verify(authorization: libraryStyle, now: now).get()) != nil)
    #expect(
      (try? verifier.verify(authorization: libraryStyle, now: now.addingTimeInterval(299)).get()) != nil)
    guard
      case .failure(let expired) = verifier.verify(
        authorization: libraryStyle, now: now.addingTimeInterval(300))
    else {
      Issue.record("a JWT without iat was accepted after its exp")
      return
    }
    #expect(expired.reason == "the JWT expired")
    // Sixty minutes ahead (with the usual minute of clock difference) is the most allowed.
    #expect((try? verifier.verify(authorization: try bearer(expiresIn: 3_660), now: now).get()) != nil)
    guard case .failure(let tooFar) = verifier.verify(authorization: try bearer(expiresIn: 3_661), now: now)
    else {
      Issue.record("a JWT without iat living over 60 minutes was accepted")
      return
    }
    #expect(tooFar.reason.contains("without iat"))
  }
}
