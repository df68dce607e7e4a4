import AppleNotifications
import AppleSigning
import ArgumentParser
import CommerceSimulation
import Crypto
import FileOutput
import Foundation
import LifecycleSimulator
import MockAppleHTTP
import MockAppleServer
import SimulatedWorld

/// The options of the mock server, shared by `epsim serve` and `epsim tui --serve`.
struct ServerOptions: ParsableArguments {
  @Option(
    help: "Address to listen on; a non-loopback one needs --control-token or --insecure-control-api.")
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

  @Flag(help: "Apply Apple's per-endpoint App Store Server API rate limits (429 with Retry-After).")
  var appleRateLimits = false

  @Option(help: "Seconds the --apple-rate-limits are counted over (Apple: an hour).")
  var rateLimitWindow = 3600

  @Option(
    help:
      "POST notifications V2 (App Store and EXTERNAL_PURCHASE_TOKEN) to this URL (default: log them only).")
  var webhook: String?

  @Option(
    help:
      "UNREPORTED fires this long after an ACQUISITION or SERVICES token's expiry, like 1h or 2d (other tokens: 10 days after creation)."
  )
  var unreportedDelay = "1h"

  @Option(help: "ACTIVE_TOKEN_REMINDER interval for unreported ACQUISITION/SERVICES tokens; 0 for none.")
  var reminderInterval = "30d"

  @Flag(help: "Retry failed sandbox notifications as production does (Apple sends sandbox ones once).")
  var sandboxNotificationRetries = false

  @Option(help: "Write the test CA's root certificate (PEM) here, to trust it in the backend.")
  var exportCA: String?

  @Option(
    help: ArgumentHelp(
      "Require 'Authorization: Bearer TOKEN' on the control API (/epsim/v1).",
      discussion: "Prefer the EPSIM_CONTROL_TOKEN environment variable: an option shows in process lists.",
      valueName: "TOKEN"))
  var controlToken: String?

  @Flag(
    name: .customLong("insecure-control-api"),
    help: "Allow a non-loopback --host without a control token: anyone who reaches it controls the world.")
  var insecureControlAPI = false

  @Option(
    help: ArgumentHelp(
      "Serve HTTPS with this PEM certificate chain (the server's first); needs --tls-key.", valueName: "FILE")
  )
  var tlsCert: String?

  @Option(
    help: ArgumentHelp("The PEM private key of --tls-cert (`epsim cert` makes both).", valueName: "FILE"))
  var tlsKey: String?

  @Option(
    help: ArgumentHelp(
      "Sign notifications and signed data under the root CA `epsim cert` keeps in this folder.",
      discussion: "The backend then trusts DIR/ca.pem once, for HTTPS and signatures, across restarts.",
      valueName: "DIR"))
  var testCA: String?

  @Option(
    help: ArgumentHelp(
      "Keep the server's whole state in this directory and resume it when started again on it.",
      discussion: "World, App Store, reports, notifications and their retries, app account tokens, "
        + "the signing root and the generated API key; every acknowledged change is on disk first.",
      valueName: "dir"))
  var state: String?

  @Option(help: "The virtual clock: virtual (moves only when told) or wall (follows real time).")
  var clock: ClockMode = .virtual

  @Option(
    help:
      "With --clock wall: how many times faster than real time the clock runs, e.g. 60 (default: 1, real time)."
  )
  var rate: Double?

  /// The environment variable a control token can come from instead of --control-token.
  static let controlTokenVariable = "EPSIM_CONTROL_TOKEN"

  /// The scheme of the server's addresses.
  var scheme: String { tlsCert == nil ? "http" : "https" }

  /// A server on `world`, configured from the options; `command` names the caller in errors.
  ///
  /// Without --public-key a key is made for this run; the caller prints its private half once the
  /// server listens, so a port in use or a bad option is the only thing a failed start prints.
  /// Under the terminal UI (`besideTerminalUI`) nothing may be printed while curses owns the
  /// screen, so a key is required and the server's log is silenced.
  func makeServer(
    start: ServerStart, state opened: OpenedState? = nil, command: String, besideTerminalUI: Bool
  ) throws -> PreparedServer {
    let wallClockRate = try clockRate(command: command)
    guard (0...65_535).contains(port) else {
      throw ReportCLI.usage(command, "--port must be 0 to 65535, found \(port)")
    }
    guard maxBodyBytes > 0 else { throw ReportCLI.usage(command, "--max-body-bytes must be positive") }
    guard rateLimitWindow >= 1 else {
      throw ReportCLI.usage(command, "--rate-limit-window must be at least 1")
    }
    if let rateLimit, rateLimit < 1 { throw ReportCLI.usage(command, "--rate-limit must be at least 1") }
    // Who may reach the server is settled before a key is made, a port taken or a file read.
    let token = try resolvedControlToken(command: command)
    try checkExposure(token: token, command: command)
    let tls = try serverTLS(command: command)
    let testRoot = try keptTestRoot(command: command) ?? opened?.testRoot(command: command)
    if publicKey == nil && besideTerminalUI && opened == nil {
      throw ReportCLI.usage(
        command, "--serve needs --public-key: the terminal UI has no room to print a generated key")
    }
    var (key, generated) = try verifyingKey(command: command, keptIn: opened?.keyPath)
    var keyNotice: String?
    if let opened, publicKey == nil {
      if let made = generated {
        // Kept beside the state, so the next start verifies the same backend's JWTs.
        switch GeneratedKeyFile.write(made.pemRepresentation, stateDirectory: opened.path) {
        case .success(let path):
          keyNotice =
            "epsim \(command): no --public-key, so a key was made for this state and written to \(path) "
            + "(readable by you only); sign your JWTs with it: later starts on \(opened.path) use it too."
        case .failure(let error): throw ReportCLI.usage(command, "--state \(error.description)")
        }
        generated = nil
      } else {
        keyNotice = "epsim \(command): no --public-key, so the key kept in \(opened.keyPath) verifies JWTs."
      }
    }
    let world = start.world
    if let problem = PortAvailability.problem(host: host, port: port) {
      throw ReportCLI.usage(command, problem)
    }
    let configuration = ServerConfiguration(
      host: host, port: port,
      verifier: AppStoreJWTVerifier(
        publicKey: key, bundleId: world.app.bundleId, issuerId: issuer, keyId: keyId),
      maximumBodyBytes: maxBodyBytes, rateLimitPerSecond: rateLimit,
      logLevel: besideTerminalUI ? .critical : .warning,
      notifications: try notificationSettings(command: command),
      appleRateLimits: appleRateLimits ? AppleRateLimits(window: rateLimitWindow) : nil,
      controlToken: token, tls: tls, testRoot: testRoot, wallClockRate: wallClockRate)
    let server: MockAppleServer
    do {
      switch start {
      case .world(let world, let commerce):
        server = try MockAppleServer(world: world, configuration: configuration, commerce: commerce)
      case .simulation(let simulation):
        // Beside the terminal UI, the server owns the UI's simulation (history and all).
        server = try MockAppleServer(simulation: simulation, configuration: configuration)
      }
    } catch {
      throw ReportCLI.usage(command, "cannot make the test certificate authority: \(error)")
    }
    var resumedNotice: String?
    if let opened {
      let resumed = try opened.resume(server.state, command: command) { message in
        Self.stop(command: command, because: message, besideTerminalUI: besideTerminalUI)
      }
      if !opened.isNew {
        resumedNotice = OpenedState.resumedNotice(resumed, path: opened.path, command: command)
      }
    }
    if let exportCA {
      do throws(FileOutputError) {
        try AtomicFile.write(Array(server.state.authority.rootPEM.utf8), to: exportCA)
      } catch {
        throw ReportCLI.usage(command, error.description)
      }
    }
    return PreparedServer(
      server: server, generatedKey: generated?.pemRepresentation,
      notices: [keyNotice, resumedNotice].compactMap { $0 })
  }

  /// The wall clock's rate, checked: nil for the virtual clock.
  private func clockRate(command: String) throws -> Double? {
    guard clock == .wall else {
      if rate != nil { throw ReportCLI.usage(command, "--rate applies to --clock wall") }
      return nil
    }
    let rate = self.rate ?? 1
    guard rate.isFinite, rate > 0, rate <= ClockMode.maximumRate else {
      throw ReportCLI.usage(
        command, "--rate must be above 0 and at most \(Int(ClockMode.maximumRate)), found \(rate)")
    }
    return rate
  }

  /// Stops the process when the state cannot be written: nothing unsaved may be acknowledged,
  /// and the next start resumes from what is on disk.
  static func stop(command: String, because message: String, besideTerminalUI: Bool) -> Never {
    StandardError.write("epsim \(command): \(message); stopping so that nothing unsaved is acknowledged")
    // Under the terminal UI, SIGTERM's handler puts the terminal back before the process ends.
    if besideTerminalUI { raise(SIGTERM) }
    Foundation.exit(1)
  }

  private func notificationSettings(command: String) throws -> NotificationSettings {
    if let webhook {
      guard let url = URL(string: webhook), url.scheme == "http" || url.scheme == "https", url.host != nil
      else {
        throw ReportCLI.usage(command, "--webhook must be an http or https URL, found '\(webhook)'")
      }
    }
    return NotificationSettings(
      webhookURL: webhook,
      unreportedDelay: try duration(unreportedDelay, option: "--unreported-delay", command: command),
      reminderInterval: try duration(reminderInterval, option: "--reminder-interval", command: command),
      retriesInSandbox: sandboxNotificationRetries)
  }

  private func duration(_ text: String, option: String, command: String) throws -> VirtualDuration {
    do {
      return try DurationText.parse(text)
    } catch {
      throw ReportCLI.usage(command, "\(option) '\(text)': \(error.description)")
    }
  }

  /// The configured public key, or a fresh key pair (returned too, for printing) without one.
  private func verifyingKey(command: String, keptIn keyFile: String?) throws -> (
    P256.Signing.PublicKey, P256.Signing.PrivateKey?
  ) {
    let path: String
    if let publicKey {
      path = publicKey
    } else if let keyFile, FileManager.default.fileExists(atPath: keyFile) {
      path = keyFile
    } else {
      let generated = P256.Signing.PrivateKey()
      return (generated.publicKey, generated)
    }
    let data: Data
    switch InputFile.contents(of: path) {
    case .success(let contents): data = contents
    case .failure(let problem): throw ReportCLI.usage(command, problem.description)
    }
    let pem = String(decoding: data, as: UTF8.self)
    if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) { return (key, nil) }
    if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) { return (key.publicKey, nil) }
    throw ReportCLI.usage(command, "\(path): not a PEM P-256 public key or PKCS #8 private key")
  }
}

/// `--clock`: whether the virtual clock moves only when told, or follows real time.
enum ClockMode: String, ExpressibleByArgument, CaseIterable {
  case virtual
  case wall

  /// The fastest `--rate`: a year of virtual time in about half a minute of real time.
  static let maximumRate = 1_000_000.0
}
