import Crypto
import Foundation
import X509

/// What StoreKit Testing in Xcode signs with: one self-signed P-256 certificate, alone in the JWS
/// `x5c` header, and environment `Xcode` in the payload (SPEC-APPSTORE 4.13). Apple's libraries
/// skip the chain check for that environment (`XCODE`); a backend that checks the signature uses
/// this certificate, as Xcode's "Save Public Certificate" hands it over.
public struct XcodeSigningIdentity: Sendable {
  /// The certificate in PEM (`GET /epsim/v1/commerce/xcode-certificate.pem`).
  public let certificatePEM: String
  private let signer: LeafSigner

  /// A new identity for one server; valid 2000 to 2100, as signed data carries virtual times.
  public init() throws {
    let (key, certificate) = try TestCertificateAuthority.newRoot(
      commonName: "epsim StoreKit Testing in Xcode")
    certificatePEM = try certificate.serializeAsPEM().pemString
    let der = Data(try certificate.serializeAsPEM().derBytes).base64EncodedString()
    let header = try JSONSerialization.data(
      withJSONObject: ["alg": "ES256", "x5c": [der]], options: .sortedKeys)
    signer = LeafSigner(key: key, headerSegment: Base64URLSegment.encode(header))
  }

  /// A compact JWS of `payload`, ES256, with the one certificate in `x5c`.
  public func sign(payload: Data) throws -> String {
    let signingInput = signer.headerSegment + "." + Base64URLSegment.encode(payload)
    let signature = try signer.key.signature(for: Data(signingInput.utf8))
    return signingInput + "." + Base64URLSegment.encode(signature.rawRepresentation)
  }
}
