import Crypto
import Foundation
import SwiftASN1
import X509

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The certificate authority behind `epsim cert`: a root made once and kept (the certificate a
/// backend trusts, once), and the HTTPS server certificates it signs for the mock's host names.
/// `epsim serve --test-ca DIR` also signs its notifications and signed data under this root
/// (`TestCertificateAuthority(root:)`), so one trusted root covers HTTPS and signatures.
///
/// Each certificate carries what a strict verifier (OpenSSL's `X509_V_FLAG_X509_STRICT`, Apple's
/// App Transport Security) looks for: key identifiers on both, critical basic constraints and key
/// usage, and on the server's the names in Subject Alternative Names and `serverAuth` in Extended
/// Key Usage. A server certificate lives 825 days, the most Apple's platforms accept for TLS.
public struct LocalCertificateAuthority: Sendable {
  /// The root certificate, PEM: the file a backend adds to its trust store.
  public let rootPEM: String
  /// The root's private key, PEM (PKCS #8); whoever holds it can sign for any name.
  public let rootKeyPEM: String

  /// Days a server certificate is valid from its issue.
  public static let serverCertificateDays = 825

  /// A new root. It is valid from 2000 to 2100, as the per-server test root is: signatures are
  /// checked at the virtual time they were made, which may lie years before or after today.
  public init() throws {
    let (key, root) = try TestCertificateAuthority.newRoot(commonName: "epsim local root CA")
    rootPEM = try root.serializeAsPEM().pemString
    rootKeyPEM = key.pemRepresentation
  }

  /// A root kept from an earlier run; throws when the files are not a P-256 root and its key.
  public init(rootPEM: String, rootKeyPEM: String) throws(LocalCertificateError) {
    guard let root = try? Certificate(pemEncoded: rootPEM) else { throw .unreadableRoot }
    guard let key = try? P256.Signing.PrivateKey(pemRepresentation: rootKeyPEM) else { throw .unreadableKey }
    guard root.publicKey == Certificate.PublicKey(key.publicKey) else { throw .keyDoesNotMatch }
    self.rootPEM = rootPEM
    self.rootKeyPEM = rootKeyPEM
  }

  /// A server certificate for `hosts` (DNS names or IP addresses; the first is also its common
  /// name) and its new private key, both PEM, signed by this root and valid from `now`.
  public func serverCertificate(hosts: [String], now: Date = Date()) throws -> (
    certificatePEM: String, keyPEM: String
  ) {
    guard let first = hosts.first else { throw LocalCertificateError.noHosts }
    let names = try hosts.map(Self.generalName)
    let (rootKey, root) = try parsed()
    let key = P256.Signing.PrivateKey()
    let keyId = SubjectKeyIdentifier(hash: .init(key.publicKey))
    let subject = try DistinguishedName {
      CommonName(first)
      OrganizationName("epsim")
    }
    let certificate = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
      notValidBefore: now.addingTimeInterval(-86_400),
      notValidAfter: now.addingTimeInterval(Double(Self.serverCertificateDays) * 86_400),
      issuer: root.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(names)
        keyId
        AuthorityKeyIdentifier(
          keyIdentifier: SubjectKeyIdentifier(hash: .init(rootKey.publicKey)).keyIdentifier)
      }, issuerPrivateKey: .init(rootKey))
    return (try certificate.serializeAsPEM().pemString, key.pemRepresentation)
  }

  /// The root's key and certificate, to sign with.
  package func parsed() throws -> (P256.Signing.PrivateKey, Certificate) {
    (try P256.Signing.PrivateKey(pemRepresentation: rootKeyPEM), try Certificate(pemEncoded: rootPEM))
  }

  /// Throws `badHost` when `host` could not name a server; the names are checked before any file
  /// is written.
  public static func checkHost(_ host: String) throws {
    _ = try generalName(host)
  }

  /// An IP literal as an address name, anything else as a DNS name (letters, digits, hyphens and
  /// dots, optionally one leading `*.`).
  package static func generalName(_ host: String) throws -> GeneralName {
    var v4 = in_addr()
    if inet_pton(AF_INET, host, &v4) == 1 {
      return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, host, &v6) == 1 {
      return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
    }
    let label = host.hasPrefix("*.") ? host.dropFirst(2) : Substring(host)
    let allowed = label.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == 0x2D || byte == 0x2E
    }
    guard allowed, !label.isEmpty, label.count <= 253, !label.hasPrefix("."), !label.hasSuffix("."),
      !label.contains("..")
    else { throw LocalCertificateError.badHost(host) }
    return .dnsName(host)
  }
}

/// Why `epsim cert` cannot use a kept root or make a certificate.
public enum LocalCertificateError: Error, Equatable, Sendable, CustomStringConvertible {
  case unreadableRoot
  case unreadableKey
  case keyDoesNotMatch
  case noHosts
  case badHost(String)

  public var description: String {
    switch self {
    case .unreadableRoot: "is not a PEM certificate"
    case .unreadableKey: "is not a PEM P-256 private key"
    case .keyDoesNotMatch: "is not the key of the root certificate beside it"
    case .noHosts: "a server certificate needs at least one host name"
    case .badHost(let host):
      "'\(host)' is neither an IP address nor a DNS name (letters, digits, hyphens, dots, an optional leading *.)"
    }
  }
}
