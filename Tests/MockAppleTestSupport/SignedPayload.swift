import Crypto
import Foundation
// The chain is checked at the payload's virtual signedDate, as Apple's libraries do: a fixed time.
@_spi(FixedExpiryValidationTime) import X509

/// Verifies a `signedPayload` as a backend verifies Apple's: the x5c chain up to the trusted
/// root, then the ES256 signature with the leaf's key; returns the decoded payload.
package enum SignedPayload {
  package struct Invalid: Error { let reason: String }

  package static func verify(_ jws: String, trusting rootPEM: String) async throws -> [String: Any] {
    let parts = jws.split(separator: ".").map(String.init)
    guard parts.count == 3 else { throw Invalid(reason: "not three parts") }
    let header = try object(parts[0])
    let chain = try (header["x5c"] as? [String] ?? []).map { text in
      guard let der = Data(base64Encoded: text) else { throw Invalid(reason: "x5c is not Base64") }
      return try Certificate(derEncoded: Array(der))
    }
    guard header["alg"] as? String == "ES256", chain.count == 3 else { throw Invalid(reason: "header") }
    let payload = try object(parts[1])
    let signedDate = Date(timeIntervalSince1970: Double(payload["signedDate"] as? Int64 ?? 0) / 1000)
    var verifier = Verifier(rootCertificates: CertificateStore([try Certificate(pemEncoded: rootPEM)])) {
      RFC5280Policy(fixedExpiryValidationTime: signedDate)
    }
    let result = await verifier.validate(
      leaf: chain[0], intermediates: CertificateStore([chain[1]]))
    guard case .validCertificate = result else { throw Invalid(reason: "chain: \(result)") }
    guard let key = P256.Signing.PublicKey(chain[0].publicKey),
      let signature = decode(parts[2]).flatMap({ try? P256.Signing.ECDSASignature(rawRepresentation: $0) }),
      key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
    else { throw Invalid(reason: "signature") }
    return payload
  }

  private static func object(_ part: String) throws -> [String: Any] {
    guard let data = decode(part), let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      throw Invalid(reason: "not Base64URL JSON")
    }
    return object
  }

  private static func decode(_ text: String) -> Data? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard)
  }
}
