import AppleSigning
import Foundation
import Testing

/// The test CA's chain as a strict X.509 verifier sees it: OpenSSL with `-x509_strict`, the mode
/// Apple's Python verifier always uses, must accept leaf <- intermediate <- exported root.
@Suite("Test CA: strict X.509")
struct StrictChainTests {
  private static func pem(_ base64DER: String) -> String {
    var lines = ["-----BEGIN CERTIFICATE-----"]
    var rest = Substring(base64DER)
    while !rest.isEmpty {
      lines.append(String(rest.prefix(64)))
      rest = rest.dropFirst(64)
    }
    return (lines + ["-----END CERTIFICATE-----", ""]).joined(separator: "\n")
  }

  /// Runs `openssl verify -x509_strict` on a chain; its exit status and output.
  private static func opensslVerify(root: String, intermediate: String, leaf: String) throws -> (
    Int32, String
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-strict-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = [("root.pem", root), ("intermediate.pem", intermediate), ("leaf.pem", leaf)]
    for (name, text) in files {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "openssl", "verify", "-x509_strict", "-attime", "1772355600", "-CAfile", "root.pem", "-untrusted",
      "intermediate.pem", "leaf.pem",
    ]
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func opensslStrictModeAcceptsTheExportedChain() throws {
    let authority = try TestCertificateAuthority()
    let (status, output) = try Self.opensslVerify(
      root: authority.rootPEM, intermediate: Self.pem(authority.chain[1]), leaf: Self.pem(authority.chain[0]))
    #expect(status == 0, "openssl: \(output)")
    #expect(output.contains("leaf.pem: OK"))
  }

  @Test func opensslStrictModeRefusesAForeignRoot() throws {
    let ours = try TestCertificateAuthority()
    let stranger = try TestCertificateAuthority()
    let (status, _) = try Self.opensslVerify(
      root: stranger.rootPEM, intermediate: Self.pem(ours.chain[1]), leaf: Self.pem(ours.chain[0]))
    #expect(status != 0, "a chain must not verify against another server's root")
  }
}
