import NIOSSL

/// HTTPS for the mock (`--tls-cert`, `--tls-key`): a certificate chain and its private key, both
/// PEM, checked when made so a bad pair is refused before the server starts.
public struct ServerTLS: Sendable {
  package let configuration: TLSConfiguration

  /// `certificateChain` is the server's certificate first, then any intermediates; `privateKey`
  /// the key of the first certificate. Throws a message naming what is wrong.
  public init(certificateChain: [UInt8], privateKey: [UInt8]) throws(ServerTLSError) {
    let certificates: [NIOSSLCertificate]
    do {
      certificates = try NIOSSLCertificate.fromPEMBytes(certificateChain)
    } catch {
      throw .certificate("holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
    }
    guard !certificates.isEmpty else {
      throw .certificate("holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
    }
    let key: NIOSSLPrivateKey
    do {
      key = try NIOSSLPrivateKey(bytes: privateKey, format: .pem)
    } catch {
      throw .key("holds no unencrypted PEM private key")
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key))
    // Nothing older than TLS 1.2: Apple's own hosts refuse it, so a backend must not need it.
    configuration.minimumTLSVersion = .tlsv12
    do {
      _ = try NIOSSLContext(configuration: configuration)
    } catch {
      throw .mismatch
    }
    self.configuration = configuration
  }
}

/// Why a certificate and key cannot serve HTTPS.
public enum ServerTLSError: Error, Equatable, Sendable {
  case certificate(String)
  case key(String)
  /// The key is not the certificate's.
  case mismatch
}
