import Crypto
import Foundation
import SwiftASN1
import X509

/// A local certificate authority that signs epsim's notifications the way Apple signs its own:
/// a root, an intermediate and a leaf, all P-256, with the leaf's chain in the JWS `x5c` header.
///
/// The leaf and intermediate carry the marker extensions Apple's certificates carry (OIDs
/// 1.2.840.113635.100.6.11.1 and 1.2.840.113635.100.6.2.1), which Apple's verifiers check. Apple's
/// Python library, unmodified, accepts epsim's notifications with this root as the trusted one
/// (`interop/`, run by `swift test`); its other languages' libraries are not run here.
/// Every level follows RFC 5280 as a strict verifier (OpenSSL's `X509_V_FLAG_X509_STRICT`, which
/// Apple's Python verifier always sets) expects: a Subject Key Identifier on each certificate, an
/// Authority Key Identifier naming the issuer's key on each, critical basic constraints and key
/// usage. Made fresh for each server, under a new root or under the root `epsim cert` keeps
/// (`epsim serve --test-ca DIR`); export the root with `GET /epsim/v1/notifications/ca.pem`.
public struct TestCertificateAuthority: Sendable {
  /// The root certificate in PEM, for the backend to trust.
  public let rootPEM: String
  /// Leaf, intermediate and root, DER in standard Base64: the JWS `x5c` header.
  public let chain: [String]
  /// The leaf's key and the encoded JWS header, made once: parsing the key per signature cost
  /// more than the signature itself on a history page of 20.
  private let leafSigner: LeafSigner

  package static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
  package static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]

  // Valid across every virtual time a simulation is likely to reach: notifications are
  // signed at virtual times and a verifier checks the chain at the signing date.
  package static let notBefore = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
  package static let notAfter = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01

  /// A fresh chain; under `root` (a root kept by `epsim cert`) when given, else under a new root.
  public init(root kept: LocalCertificateAuthority? = nil) throws {
    let notBefore = Self.notBefore
    let notAfter = Self.notAfter
    let rootKey: P256.Signing.PrivateKey
    let root: Certificate
    if let kept {
      (rootKey, root) = try kept.parsed()
    } else {
      (rootKey, root) = try Self.newRoot()
    }
    let rootName = root.subject
    let rootKeyId = SubjectKeyIdentifier(hash: .init(rootKey.publicKey))
    let intermediateKey = P256.Signing.PrivateKey()
    let leafKey = P256.Signing.PrivateKey()
    let intermediateName = try DistinguishedName {
      CommonName("epsim test intermediate CA")
      OrganizationName("epsim")
    }
    let leafName = try DistinguishedName {
      CommonName("epsim notification signing")
      OrganizationName("epsim")
    }
    let intermediateKeyId = SubjectKeyIdentifier(hash: .init(intermediateKey.publicKey))
    let leafKeyId = SubjectKeyIdentifier(hash: .init(leafKey.publicKey))
    let intermediate = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
      notValidBefore: notBefore,
      notValidAfter: notAfter, issuer: rootName, subject: intermediateName,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        intermediateKeyId
        AuthorityKeyIdentifier(keyIdentifier: rootKeyId.keyIdentifier)
        Certificate.Extension(oid: Self.intermediateMarker, critical: false, value: [0x05, 0x00])
      }, issuerPrivateKey: .init(rootKey))
    let leaf = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey), notValidBefore: notBefore,
      notValidAfter: notAfter, issuer: intermediateName, subject: leafName,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        leafKeyId
        AuthorityKeyIdentifier(keyIdentifier: intermediateKeyId.keyIdentifier)
        Certificate.Extension(oid: Self.leafMarker, critical: false, value: [0x05, 0x00])
      }, issuerPrivateKey: .init(intermediateKey))
    rootPEM = try root.serializeAsPEM().pemString
    chain = try [leaf, intermediate, root].map {
      Data(try $0.serializeAsPEM().derBytes).base64EncodedString()
    }
    let header = try JSONSerialization.data(
      withJSONObject: ["alg": "ES256", "x5c": chain], options: .sortedKeys)
    leafSigner = LeafSigner(key: leafKey, headerSegment: Base64URLSegment.encode(header))
  }

  /// A new root and its key: valid 2000 to 2100 with no path length limit (the notification
  /// chain has an intermediate below it). Made per server, or once by `epsim cert`.
  package static func newRoot(commonName: String = "epsim test root CA") throws -> (
    P256.Signing.PrivateKey, Certificate
  ) {
    let rootKey = P256.Signing.PrivateKey()
    let rootName = try DistinguishedName {
      CommonName(commonName)
      OrganizationName("epsim")
    }
    let rootKeyId = SubjectKeyIdentifier(hash: .init(rootKey.publicKey))
    let root = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: notBefore,
      notValidAfter: notAfter, issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
        Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        rootKeyId
        AuthorityKeyIdentifier(keyIdentifier: rootKeyId.keyIdentifier)
      }, issuerPrivateKey: .init(rootKey))
    return (rootKey, root)
  }

  /// A compact JWS of `payload` signed ES256 by the leaf, with the chain in `x5c`.
  public func sign(payload: Data) throws -> String {
    let signingInput = leafSigner.headerSegment + "." + Base64URLSegment.encode(payload)
    let signature = try leafSigner.key.signature(for: Data(signingInput.utf8))
    return signingInput + "." + Base64URLSegment.encode(signature.rawRepresentation)
  }
}

/// The leaf key, shared by every copy of the authority. Signing only reads the key, so concurrent
/// signatures are safe; the class exists because swift-crypto keys are not `Sendable`.
// @unchecked: the key is only read after init, and reading a swift-crypto key is thread-safe.
package final class LeafSigner: @unchecked Sendable {
  package let key: P256.Signing.PrivateKey
  package let headerSegment: String

  package init(key: P256.Signing.PrivateKey, headerSegment: String) {
    self.key = key
    self.headerSegment = headerSegment
  }
}
