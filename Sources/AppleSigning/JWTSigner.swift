import Crypto
import Foundation

/// Signs App Store Server API JWTs with an ES256 key: what a backend does before calling Apple,
/// offered for tests, examples and `epsim serve` users without a signing library of their own.
public struct JWTSigner: Sendable {
  /// The private key's raw bytes: swift-crypto's key types are not `Sendable`, bytes are.
  private let privateKeyBytes: Data
  public var keyId: String
  public var issuerId: String

  public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String) {
    self.privateKeyBytes = privateKey.rawRepresentation
    self.keyId = keyId
    self.issuerId = issuerId
  }

  /// A compact JWS for `bundleId`, issued at `issuedAt` and living `lifetime` seconds.
  /// `overrides` replace or add payload claims and `omitting` leaves claims out (Apple's own
  /// server library sends no `iat`), so tests can make every kind of token.
  public func token(
    bundleId: String, issuedAt: Date, lifetime: TimeInterval = 20 * 60, overrides: [String: Any] = [:],
    omitting: Set<String> = [], header: [String: Any]? = nil
  ) throws -> String {
    let iat = Int64(issuedAt.timeIntervalSince1970)
    var claims: [String: Any] = [
      "iss": issuerId, "iat": iat, "exp": iat + Int64(lifetime), "aud": AppStoreJWTVerifier.audience,
      "bid": bundleId,
    ]
    for (key, value) in overrides { claims[key] = value }
    for key in omitting { claims[key] = nil }
    let headerObject = header ?? ["alg": "ES256", "kid": keyId, "typ": "JWT"]
    let signingInput =
      Base64URLSegment.encode(try JSONSerialization.data(withJSONObject: headerObject, options: .sortedKeys))
      + "."
      + Base64URLSegment.encode(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
    let privateKey = try P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)
    let signature = try privateKey.signature(for: Data(signingInput.utf8))
    return signingInput + "." + Base64URLSegment.encode(signature.rawRepresentation)
  }
}
