import AppStoreCommerce
import ArgumentParser
import CommerceSimulation
import Crypto
import Dispatch
import FileOutput
import Foundation
import LifecycleSimulator
import ScenarioLanguage

/// `epsim serve`: the mock External Purchase Server API and the control API over HTTP.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a mock of Apple's External Purchase Server API and a control API over HTTP.",
    discussion: """
      Production reports go to PUT /externalPurchase/v1/reports, sandbox reports to \
      PUT /sandbox/externalPurchase/v1/reports; the App Store Server API is under /inApps \
      (sandbox: /sandbox/inApps) for the App Store beside the world (the scenario's products and \
      purchases, or the demo catalog); the control API is under /epsim/v1 (see \
      docs/server.md and docs/control-api.openapi.json). Requests to the Apple endpoints need \
      an ES256 JWT signed by the key given with --public-key; without one, epsim makes a key \
      for this run and prints its private key once it listens; save that as a file and pass it \
      with --public-key to keep it (when standard error is not a terminal, the key goes to a file \
      only you can read, and its path is printed instead).

      Loopback only unless told: a --host other than loopback needs a control token \
      (--control-token, or EPSIM_CONTROL_TOKEN), which every /epsim/v1 call must then send as \
      'Authorization: Bearer TOKEN', or --insecure-control-api. --tls-cert and --tls-key serve \
      HTTPS; `epsim cert` makes them (docs/server-reference.md, "A shared mock").

      Stops on SIGINT or SIGTERM. Exit status: 0 after a clean stop, 2 for bad options or an \
      unusable scenario or key.
      """
  )

  @Option(help: "Start from this scenario's final world (default: the demo world under --rules).")
  var scenario: String?

  @Option(help: "The rules preset the demo world starts with: sandbox or production (default sandbox).")
  var rules: RulesPreset?

  @Option(help: StoreKitOption.help)
  var storekit: String?

  @OptionGroup var options: ServerOptions

  func validate() throws {
    if scenario != nil, rules != nil {
      throw ValidationError("--rules applies to the demo world; a scenario sets its own rules")
    }
    try StoreKitOption.validate(scenario: scenario, storekit: storekit)
  }

  // On the main thread, as a synchronous command: replaying a state directory waits there for the
  // server's actor, which runs on the task pool.
  @MainActor
  func run() async throws {
    let opened = try options.state.map { path in
      try OpenedState.open(
        path: path, command: "serve", fresh: freshStart,
        givenScenario: scenario ?? storekit ?? rules.map { "--rules \($0.rawValue)" })
    }
    let start = try opened?.start.initialSimulation(command: "serve") ?? startingWorlds()
    let prepared = try options.makeServer(
      start: start, state: opened, command: "serve", besideTerminalUI: false)
    let world = start.world
    let server = prepared.server
    let host = options.host
    let requestedPort = options.port
    let outcome = LockedBox<String?>(nil)
    let scheme = options.scheme
    let locked = server.configuration.controlToken != nil
    do {
      try await server.run(handleSignals: true) { port in
        // Only now, so a server that cannot start prints its reason and nothing else.
        for notice in prepared.notices { StandardError.write(notice) }
        if let key = prepared.generatedKey, let failure = Self.announce(generatedKey: key) {
          // A key that cannot be handed over safely is not printed instead: stop, and say why.
          outcome.value = failure
          kill(getpid(), SIGTERM)
          return
        }
        let base = "\(scheme)://\(host):\(port)"
        // Written straight to the file handle, unbuffered, so a script waiting for it sees it at once.
        let banner =
          "epsim serve: listening on \(base)\n  production reports: \(base)/externalPurchase/v1/reports\n"
          + "  sandbox reports:    \(base)/sandbox/externalPurchase/v1/reports\n"
          + "  App Store API:      \(base)/inApps/v1, sandbox \(base)/sandbox/inApps/v1\n"
          + "  control API:        \(base)/epsim/v1 (bundle \(world.app.bundleId))"
          + (locked ? ", needs the control token\n" : "\n")
        FileHandle.standardOutput.write(Data(banner.utf8))
      }
    } catch {
      // Taken between the check in makeServer and the start: the same words as that check.
      outcome.value =
        PortAvailability.isAddressInUse(error)
        ? PortAvailability.inUse(host: host, port: requestedPort) : "the server stopped: \(error)"
    }
    if let failure = outcome.value { throw ReportCLI.usage("serve", failure) }
  }
}

extension ServeCommand {
  /// Hands over the key made for this run: printed on a terminal, else written to a file only its
  /// owner can read, with the file's path printed (a log must not keep a key). Nil when done.
  static func announce(generatedKey pem: String) -> String? {
    // Under --state the key was written beside the state already; this is the run without it.
    let stateDirectory: String? = nil
    guard GeneratedKeyFile.isNeeded(stateDirectory: stateDirectory) else {
      StandardError.write(PreparedServer.keyNotice(pem))
      return nil
    }
    switch GeneratedKeyFile.write(pem, stateDirectory: stateDirectory) {
    case .success(let path):
      StandardError.write(GeneratedKeyFile.notice(path: path))
      return nil
    case .failure(let error):
      return "\(error.description); start with --public-key FILE instead"
    }
  }

  /// The scenario's final world and App Store (its `product` and `commerce` lines, its purchases),
  /// or the demo world with the demo catalog or the `--storekit` file's.
  func startingWorlds() throws -> ServerStart {
    try freshStart().initialSimulation(command: "serve")
  }

  /// How a run without saved state starts: the scenario (read now, its text kept with --state)
  /// or the demo world with the `--storekit` file (its text kept too).
  func freshStart() throws -> SavedStart {
    guard let scenario else {
      return SavedStart(
        door: .serve, rules: rules?.rawValue,
        storekit: try storekit.map { try StoreKitOption.keep($0, command: "serve") })
    }
    do throws(ScenarioFile.ReadError) {
      return SavedStart(
        door: .serve, scenarioPath: scenario, scenarioText: try ScenarioFile.read(path: scenario))
    } catch {
      throw ReportCLI.usage("serve", error.description)
    }
  }
}
