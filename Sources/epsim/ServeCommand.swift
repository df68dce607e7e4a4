import ArgumentParser
import Crypto
import Dispatch
import FileOutput
import Foundation
import LifecycleSimulator
import MockAppleServer

/// `epsim serve`: the mock External Purchase Server API and the control API over HTTP.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a mock of Apple's External Purchase Server API and a control API over HTTP.",
    discussion: """
      Production reports go to PUT /externalPurchase/v1/reports, sandbox reports to \
      PUT /sandbox/externalPurchase/v1/reports; the control API is under /epsim/v1 (see \
      docs/server.md and docs/control-api.openapi.json). Requests to the Apple endpoints need \
      an ES256 JWT signed by the key given with --public-key; without one, epsim makes a key \
      for this run and prints its private key so you can sign with it.

      Stops on SIGINT or SIGTERM. Exit status: 0 after a clean stop, 2 for bad options or an \
      unusable scenario or key.
      """
  )

  @Option(help: "Start from this scenario's final world (default: the demo world, sandbox rules).")
  var scenario: String?

  @Option(help: "Address to listen on; loopback unless you mean otherwise.")
  var host = "127.0.0.1"

  @Option(help: "Port to listen on; 0 picks a free one (printed at start).")
  var port = 8080

  @Option(help: "PEM file with your In-App Purchase key: its public key, or the .p8 private key.")
  var publicKey: String?

  @Option(help: "When given, the JWT's iss must equal this issuer id.")
  var issuer: String?

  @Option(help: "When given, the JWT header's kid must equal this key id.")
  var keyId: String?

  @Option(help: "Answer 413 to request bodies larger than this many bytes.")
  var maxBodyBytes = 1 << 20

  @Option(help: "Answer 429 after this many Apple API requests in one second (default: no limit).")
  var rateLimit: Int?

  @Option(help: "POST EXTERNAL_PURCHASE_TOKEN notifications to this URL (default: log them only).")
  var webhook: String?

  @Option(help: "UNREPORTED fires this long after a custom link token's expiry, like 1h or 2d.")
  var unreportedDelay = "1h"

  @Option(help: "ACTIVE_TOKEN_REMINDER interval for unreported ACQUISITION/SERVICES tokens; 0 for none.")
  var reminderInterval = "30d"

  @Option(help: "Write the test CA's root certificate (PEM) here, to trust it in the backend.")
  var exportCA: String?

  func run() throws {
    let world =
      try scenario.map { try ReportCLI.loadWorld($0, command: "serve") } ?? DemoWorld.world(rules: .sandbox)
    guard (0...65_535).contains(port) else {
      throw ReportCLI.usage("serve", "--port must be 0 to 65535, found \(port)")
    }
    guard maxBodyBytes > 0 else { throw ReportCLI.usage("serve", "--max-body-bytes must be positive") }
    if let rateLimit, rateLimit < 1 { throw ReportCLI.usage("serve", "--rate-limit must be at least 1") }
    let key = try verifyingKey()
    let configuration = ServerConfiguration(
      host: host, port: port,
      verifier: AppStoreJWTVerifier(
        publicKey: key, bundleId: world.app.bundleId, issuerId: issuer, keyId: keyId),
      maximumBodyBytes: maxBodyBytes, rateLimitPerSecond: rateLimit, logLevel: .warning,
      notifications: try notificationSettings())
    let server: MockAppleServer
    do {
      server = try MockAppleServer(world: world, configuration: configuration)
    } catch {
      throw ReportCLI.usage("serve", "cannot make the test certificate authority: \(error)")
    }
    if let exportCA {
      do throws(FileOutputError) {
        try AtomicFile.write(Array(server.state.authority.rootPEM.utf8), to: exportCA)
      } catch {
        throw ReportCLI.usage("serve", error.description)
      }
    }
    let finished = DispatchSemaphore(value: 0)
    let outcome = ServeOutcome()
    let host = self.host
    Task {
      do {
        try await server.run(handleSignals: true) { port in
          let base = "http://\(host):\(port)"
          // Written straight to the file handle, unbuffered, so a script waiting for it sees it at once.
          let banner =
            "epsim serve: listening on \(base)\n  production reports: \(base)/externalPurchase/v1/reports\n"
            + "  sandbox reports:    \(base)/sandbox/externalPurchase/v1/reports\n"
            + "  control API:        \(base)/epsim/v1 (bundle \(world.app.bundleId))\n"
          FileHandle.standardOutput.write(Data(banner.utf8))
        }
      } catch {
        outcome.failure = "\(error)"
      }
      finished.signal()
    }
    finished.wait()
    if let failure = outcome.failure { throw ReportCLI.usage("serve", "the server stopped: \(failure)") }
  }

  private func notificationSettings() throws -> NotificationSettings {
    if let webhook {
      guard let url = URL(string: webhook), url.scheme == "http" || url.scheme == "https", url.host != nil
      else {
        throw ReportCLI.usage("serve", "--webhook must be an http or https URL, found '\(webhook)'")
      }
    }
    return NotificationSettings(
      webhookURL: webhook, unreportedDelay: try duration(unreportedDelay, option: "--unreported-delay"),
      reminderInterval: try duration(reminderInterval, option: "--reminder-interval"))
  }

  private func duration(_ text: String, option: String) throws -> VirtualDuration {
    do {
      return try DurationText.parse(text)
    } catch {
      throw ReportCLI.usage("serve", "\(option): \(error.message), found '\(text)'")
    }
  }

  /// The configured public key, or a fresh key pair whose private half is printed for signing.
  private func verifyingKey() throws -> P256.Signing.PublicKey {
    guard let publicKey else {
      let generated = P256.Signing.PrivateKey()
      StandardError.write(
        "epsim serve: no --public-key; sign your JWTs with this key, made for this run only:\n"
          + generated.pemRepresentation)
      return generated.publicKey
    }
    guard let data = FileManager.default.contents(atPath: publicKey) else {
      throw ReportCLI.usage("serve", "\(publicKey): cannot read the file")
    }
    let pem = String(decoding: data, as: UTF8.self)
    if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) { return key }
    if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) { return key.publicKey }
    throw ReportCLI.usage("serve", "\(publicKey): not a PEM P-256 public key or PKCS #8 private key")
  }
}

/// Where the server task leaves its error for the blocked main thread (set once, then read
/// after the semaphore, so the lock only documents the hand-over).
private final class ServeOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: String?

  var failure: String? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
