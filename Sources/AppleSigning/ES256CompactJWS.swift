import Crypto
import Foundation
import JSONShield
import SimulationTime

/// The checks every JWS a developer's server signs with its In-App Purchase key shares (an App
/// Store Server API bearer token, a signed purchase option): three Base64URL parts, header `alg`
/// ES256 and `typ` JWT (and `kid` when one is configured), and an ES256 signature by the key.
package enum ES256CompactJWS {
  /// The payload's bytes once the JWS passes, or why it does not; `what` names it in the reason.
  package static func verifiedPayload(
    _ jws: Substring, named what: String, publicKeyBytes: Data, keyId: String?
  ) -> Result<Data, AuthenticationFailure> {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerData = Base64URLSegment.decode(parts[0]),
      let payloadData = Base64URLSegment.decode(parts[1]), let signature = Base64URLSegment.decode(parts[2])
    else { return .failure(.init("\(what) is not a compact JWS of three Base64URL parts")) }
    guard let header = try? ShieldedJSON.decode(JWTHeader.self, from: headerData) else {
      return .failure(.init("the JWT header is not a JSON object with string alg and typ"))
    }
    guard header.alg == "ES256" else { return .failure(.init("alg must be ES256, found \(header.alg)")) }
    guard header.typ == "JWT" else {
      return .failure(.init("typ must be JWT, found \(header.typ ?? "none")"))
    }
    if let keyId, header.kid != keyId {
      return .failure(.init("kid must be \(keyId), found \(header.kid ?? "none")"))
    }
    guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
      let publicKey = try? P256.Signing.PublicKey(x963Representation: publicKeyBytes),
      publicKey.isValidSignature(ecdsa, for: Data((parts[0] + "." + parts[1]).utf8))
    else { return .failure(.init("the signature does not verify with the configured public key")) }
    return .success(payloadData)
  }

  /// The claims every such JWS carries the same way: `iss` the issuer (when one is configured),
  /// `aud` the feature's audience, `bid` the app's bundle id. Nil when they hold. A value found
  /// is shortened, so a long one is not printed back whole.
  package static func identityProblem(
    iss: String, aud: String, bid: String, issuerId: String?, audience: String, bundleId: String
  ) -> AuthenticationFailure? {
    if let issuerId, iss != issuerId {
      return .init("iss must be \(issuerId), found \(TypedValue.shortened(iss))")
    }
    guard aud == audience else { return .init("aud must be \(audience), found \(TypedValue.shortened(aud))") }
    guard bid == bundleId else { return .init("bid must be \(bundleId), found \(TypedValue.shortened(bid))") }
    return nil
  }
}
