import Foundation
import SharedTestSupport
import Testing

/// `epsim cert` and `epsim serve --tls-cert --tls-key` (issue 30): a root made once and kept, a
/// server certificate it signs, and a server that speaks HTTPS only, trusted through that root.
@Suite("epsim cert and epsim serve over HTTPS")
struct ServeTLSTests {
  private func folder() throws -> URL {
    try TemporaryFolder.make("epsim-tls")
  }

  private func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func certMakesARootOnceAndKeepsIt() throws {
    try TemporaryFolder.with("epsim-tls") { base in
      let dir = base.appendingPathComponent("tls").path
      let first = try EpsimExecutable.run(["cert", "--dir", dir])
      #expect(first.status == 0, "\(first.standardError)")
      #expect(first.standardOutput.contains("made a root CA: \(dir)/ca.pem"))
      #expect(first.standardOutput.contains("for localhost, 127.0.0.1, ::1"))
      #expect(
        first.standardOutput.contains(
          "Serve it: epsim serve --tls-cert \(dir)/server.pem --tls-key \(dir)/server-key.pem"))
      #expect(try mode("\(dir)/ca-key.pem") == 0o600)
      #expect(try mode("\(dir)/server-key.pem") == 0o600)
      let root = try String(contentsOfFile: "\(dir)/ca.pem", encoding: .utf8)
      let certificate = try String(contentsOfFile: "\(dir)/server.pem", encoding: .utf8)

      let second = try EpsimExecutable.run(["cert", "--dir", dir, "mock.staging.example", "10.1.2.3"])
      #expect(second.status == 0, "\(second.standardError)")
      #expect(second.standardOutput.contains("kept the root CA in \(dir)/ca.pem"))
      #expect(try String(contentsOfFile: "\(dir)/ca.pem", encoding: .utf8) == root)
      #expect(try String(contentsOfFile: "\(dir)/server.pem", encoding: .utf8) != certificate)
      // openssl agrees: the new certificate chains to the kept root and names the hosts.
      let verified = try EpsimExecutable.run(
        program: URL(fileURLWithPath: "/usr/bin/env"),
        [
          "openssl", "verify", "-x509_strict", "-purpose", "sslserver", "-CAfile", "\(dir)/ca.pem",
          "\(dir)/server.pem",
        ])
      #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
      let text = try EpsimExecutable.run(
        program: URL(fileURLWithPath: "/usr/bin/env"),
        ["openssl", "x509", "-noout", "-text", "-in", "\(dir)/server.pem"])
      #expect(text.standardOutput.contains("DNS:mock.staging.example, IP Address:10.1.2.3"))
    }
  }

  @Test(arguments: [
    (["bad host!"], "epsim cert: 'bad host!' is neither an IP address nor a DNS name"),
    (["a..b"], "epsim cert: 'a..b' is neither an IP address nor a DNS name"),
  ])
  func aBadHostNameWritesNothing(arguments: [String], message: String) throws {
    try TemporaryFolder.with("epsim-tls") { base in
      let dir = base.appendingPathComponent("tls").path
      let outcome = try EpsimExecutable.run(["cert", "--dir", dir] + arguments)
      #expect(outcome.status == 2)
      #expect(outcome.standardError.hasPrefix(message))
      #expect(!FileManager.default.fileExists(atPath: dir))
    }
  }

  @Test func aRootWithoutItsKeyIsRefused() throws {
    try TemporaryFolder.with("epsim-tls") { base in
      let dir = base.path
      #expect(try EpsimExecutable.run(["cert", "--dir", dir]).status == 0)
      try FileManager.default.removeItem(atPath: "\(dir)/ca-key.pem")
      let outcome = try EpsimExecutable.run(["cert", "--dir", dir])
      #expect(outcome.status == 2)
      #expect(
        outcome.standardError == "epsim cert: \(dir)/ca.pem is there but its key \(dir)/ca-key.pem is not\n")
    }
  }

  @Test func serveSpeaksHTTPSTrustedThroughTheRoot() async throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let dir = base.path
    #expect(try EpsimExecutable.run(["cert", "--dir", dir]).status == 0)
    let key = try temporarySigningKey()
    defer { try? FileManager.default.removeItem(atPath: key) }
    let server = try await BackgroundServe.start([
      "--public-key", key, "--tls-cert", "\(dir)/server.pem", "--tls-key", "\(dir)/server-key.pem",
      "--test-ca", dir,
    ])
    defer { server.removeFiles() }
    let port = try #require(server.base.split(separator: ":").last)
    let trusted = try curl(["--cacert", "\(dir)/ca.pem", "https://127.0.0.1:\(port)/epsim/v1/world"])
    let untrusted = try curl(["-o", "/dev/null", "https://127.0.0.1:\(port)/epsim/v1/world"])
    let plain = try curl(["-o", "/dev/null", "http://127.0.0.1:\(port)/epsim/v1/world"])
    // --test-ca: the notifications' root is the HTTPS root, so the backend trusts one file.
    let signingRoot = try curl([
      "--cacert", "\(dir)/ca.pem", "https://127.0.0.1:\(port)/epsim/v1/notifications/ca.pem",
    ])
    #expect(server.stop() == 0)
    #expect(server.base.hasPrefix("https://127.0.0.1:"))
    #expect(trusted.status == 0 && trusted.output.contains("\"now\""), "\(trusted)")
    #expect(untrusted.status == 60, "curl: the certificate is not trusted without the root")
    #expect(plain.status != 0, "plain HTTP gets no answer from an HTTPS server")
    #expect(signingRoot.output == (try String(contentsOfFile: "\(dir)/ca.pem", encoding: .utf8)))
  }

  @Test func aBadCertificateOrKeyStopsTheStart() throws {
    try TemporaryFolder.with("epsim-tls") { base in
      let one = base.appendingPathComponent("one").path
      let two = base.appendingPathComponent("two").path
      #expect(try EpsimExecutable.run(["cert", "--dir", one]).status == 0)
      #expect(try EpsimExecutable.run(["cert", "--dir", two]).status == 0)
      let cases: [([String], String)] = [
        (
          ["--tls-cert", "\(one)/server.pem"],
          "epsim serve: --tls-cert needs --tls-key, the certificate's private key"
        ),
        (
          ["--tls-key", "\(one)/server-key.pem"],
          "epsim serve: --tls-key needs --tls-cert, the certificate it belongs to"
        ),
        (
          ["--tls-cert", "\(one)/server.pem", "--tls-key", "\(two)/server-key.pem"],
          "epsim serve: --tls-key \(two)/server-key.pem is not the private key of the certificate in \(one)/server.pem"
        ),
        (
          ["--tls-cert", "\(one)/server-key.pem", "--tls-key", "\(one)/server-key.pem"],
          "epsim serve: --tls-cert \(one)/server-key.pem holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        ),
        (
          ["--tls-cert", "\(one)/server.pem", "--tls-key", "\(one)/server.pem"],
          "epsim serve: --tls-key \(one)/server.pem holds no unencrypted PEM private key"
        ),
        (
          ["--tls-cert", "\(one)/missing.pem", "--tls-key", "\(one)/server-key.pem"],
          "epsim serve: \(one)/missing.pem: no such file"
        ),
        (
          ["--test-ca", base.path],
          "epsim serve: --test-ca \(base.path) holds no root CA; make one with `epsim cert --dir \(base.path)`"
        ),
      ]
      for (arguments, message) in cases {
        let outcome = try EpsimExecutable.run(["serve", "--port", "0"] + arguments)
        #expect(outcome.status == 2, "\(arguments)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == message + "\n")
      }
    }
  }
}
