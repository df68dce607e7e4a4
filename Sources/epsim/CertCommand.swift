import AppleSigning
import ArgumentParser
import FileOutput
import Foundation

/// `epsim cert`: an HTTPS certificate for `epsim serve --tls-cert`, signed by a local root that
/// is made once and kept, so a backend trusts that root once and new certificates need nothing.
struct CertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cert",
    abstract: "Make an HTTPS certificate for epsim serve, signed by a local root CA kept in a folder.",
    discussion: """
      The first run makes the root (DIR/ca.pem, and its key DIR/ca-key.pem, mode 0600); later runs \
      keep it and sign with it, so the backend under test trusts DIR/ca.pem once. Each run writes \
      DIR/server.pem and DIR/server-key.pem (mode 0600) for the host names given, valid 825 \
      days. Serve them with `epsim serve --tls-cert DIR/server.pem --tls-key DIR/server-key.pem \
      --test-ca DIR`; --test-ca signs the server's notifications and signed data under the same \
      root, so that one file is all the backend trusts.

      Exit status: 0 when written, 2 for a bad host name or an unreadable or mismatched root.
      """)

  @Argument(help: "Host names and IP addresses the server is reached by (default: localhost 127.0.0.1 ::1).")
  var hosts: [String] = []

  @Option(help: "The folder for the root and the certificate; made when missing.")
  var dir = "epsim-tls"

  func run() throws {
    let names = hosts.isEmpty ? ["localhost", "127.0.0.1", "::1"] : hosts
    for name in names {
      do {
        try LocalCertificateAuthority.checkHost(name)
      } catch {
        throw ReportCLI.usage("cert", "\(error)")
      }
    }
    do {
      try FileManager.default.createDirectory(
        atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw ReportCLI.usage("cert", "cannot make the folder \(dir): \(error.localizedDescription)")
    }
    let (authority, made) = try rootAuthority()
    let issued: (certificatePEM: String, keyPEM: String)
    do {
      issued = try authority.serverCertificate(hosts: names)
    } catch {
      throw ReportCLI.usage("cert", "cannot make the certificate: \(error)")
    }
    let root = KeptRoot.certificatePath(in: dir)
    let rootKey = KeptRoot.keyPath(in: dir)
    let certificate = path("server.pem")
    let key = path("server-key.pem")
    do throws(FileOutputError) {
      if made {
        try AtomicFile.write(Array(authority.rootKeyPEM.utf8), to: rootKey, mode: 0o600)
        try AtomicFile.write(Array(authority.rootPEM.utf8), to: root)
      }
      try AtomicFile.write(Array(issued.keyPEM.utf8), to: key, mode: 0o600)
      try AtomicFile.write(Array(issued.certificatePEM.utf8), to: certificate)
    } catch {
      throw ReportCLI.usage("cert", error.description)
    }
    let rootLine =
      made
      ? "made a root CA: \(root) (trust it once in the backend; keep \(rootKey) private)"
      : "kept the root CA in \(root)"
    print(
      """
      epsim cert: \(rootLine)
      epsim cert: \(certificate) for \(names.joined(separator: ", ")), key \(key), valid \
      \(LocalCertificateAuthority.serverCertificateDays) days
      Serve it: epsim serve --tls-cert \(certificate) --tls-key \(key) --test-ca \(dir)
      """)
  }

  private func path(_ name: String) -> String { (dir as NSString).appendingPathComponent(name) }

  /// The kept root, or a new one (true) when the folder has neither file.
  private func rootAuthority() throws -> (LocalCertificateAuthority, Bool) {
    if let kept = try KeptRoot.load(from: dir, command: "cert") { return (kept, false) }
    do {
      return (try LocalCertificateAuthority(), true)
    } catch {
      throw ReportCLI.usage("cert", "cannot make the root CA: \(error)")
    }
  }
}
