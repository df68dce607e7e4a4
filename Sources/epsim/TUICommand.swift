import AppStoreCommerce
import AppleNotifications
import AppleSigning
import ArgumentParser
import EpsimTUI
import Foundation
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld
import TerminalBackend

/// `epsim tui`: the terminal UI on the built-in demo world. Also what `epsim` alone runs.
struct TUICommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tui",
    abstract: "Open the terminal UI on the built-in demo world, or on a scenario's world.",
    discussion: """
      Three customers and four devices to try every StoreKit external purchase API on, with a \
      virtual clock. Press ? in the UI for the keys; docs/tui.md describes the screen.

      With a FILE.epsim, the UI opens on the world its setup lines build; . steps through its \
      other lines one at a time and checks their expectations. An invalid file is reported \
      (file:line:column) before the terminal is touched, with exit status 2.

      Needs a terminal: without one (standard input or output is not a TTY) it exits with status 2.
      """
  )

  @Argument(help: "A .epsim scenario to open and step through (docs/scenarios.md).")
  var file: String?

  @Option(help: "The rules preset the demo world starts with: sandbox or production (default sandbox).")
  var rules: RulesPreset?

  @Option(help: StoreKitOption.help)
  var storekit: String?

  @Flag(
    help: """
      Run the mock server of `epsim serve` beside the UI, on the UI's world; the details of a \
      token list the reports and notifications it saw. Needs --public-key (or --state DIR, which \
      keeps a made key in DIR); takes the server options above (as in `epsim serve --help`).
      """)
  var serve = false

  @Flag(
    name: .customLong("no-mouse"),
    help: """
      Leave the mouse to the terminal: no clicks or wheel in the UI (also EPSIM_NO_MOUSE=1). \
      With the mouse on, hold Shift to select text as the terminal does.
      """)
  var noMouse = false

  // The parser prints section titles in capitals, so the title holds no command to type.
  @OptionGroup(title: "Server options")
  var serverOptions: ServerOptions

  func validate() throws {
    if file != nil, rules != nil {
      throw ValidationError("--rules applies to the demo world; a scenario sets its own rules")
    }
    if serverOptions.state != nil, !serve {
      throw ValidationError("--state keeps the state of the server beside the UI; add --serve")
    }
    try StoreKitOption.validate(scenario: file, storekit: storekit)
  }

  // On the main thread, as a synchronous command: the terminal session runs there, and its
  // changes wait there for the server's actor, which runs on the task pool.
  @MainActor
  func run() async throws {
    // The file first: its errors are worth more than the terminal's, and the screen stays untouched.
    let opened = try serverOptions.state.map { path in
      try OpenedState.open(path: path, command: "tui", fresh: freshStart, givenScenario: file ?? storekit)
    }
    let start = try opened?.start ?? freshStart()
    // A resumed directory, or a world `epsim serve` started, is shown as the server has it, with
    // no scenario open for stepping: its lines were stepped in an earlier session.
    let resuming = opened.map { !$0.isNew } ?? false
    var state =
      start.door == .tui && !resuming
      ? try start.terminalState(command: "tui")
      : TUIState(world: DemoWorld.world(rules: .sandbox), products: [])
    guard TerminalSession.isInteractive else {
      FileHandle.standardError.write(
        Data(
          ("epsim tui: the terminal UI needs a terminal, but standard input or output is not one. "
            + "Run it in a terminal, or see `epsim --help` for commands that work in pipes.\n").utf8))
      throw ExitCode.usage
    }
    let serverStart =
      start.door == .tui && !resuming
      ? .simulation(state.simulation) : try start.initialSimulation(command: "tui")
    let bridge = serve ? try await startServer(start: serverStart, state: opened) : nil
    defer { bridge?.stop() }
    // `J` signs as the App Store does: with the server's test CA, so a backend that trusts its
    // exported root verifies what it is pasted; without a server, a CA made for this session at
    // the first `J` (making one at start cost every start a few milliseconds and 7 MB).
    let signer = LazySigner(authority: bridge?.server.state.authority)
    state.transactionSigner = { signer.sign($0) }
    do {
      let mouse = !noMouse && ProcessInfo.processInfo.environment["EPSIM_NO_MOUSE"] != "1"
      try TerminalSession.run(DebugCrashTrigger(EpsimTerminalApp(state: state, server: bridge, mouse: mouse)))
    } catch {
      StandardError.write("epsim tui: \(error)")
      throw ExitCode.usage
    }
  }

  /// Starts the mock server and waits until it listens, so a bad port fails before the screen
  /// changes; the server runs on in the background until the process ends.
  @MainActor
  private func startServer(start: ServerStart, state opened: OpenedState?) async throws -> ServerBridge {
    let server = try serverOptions.makeServer(
      start: start, state: opened, command: "tui", besideTerminalUI: true
    ).server
    let host = serverOptions.host
    let requestedPort = serverOptions.port
    let started: Result<Int, TUIServerFailure> = await withCheckedContinuation { continuation in
      // Resumed once: by the first of "listening" and "stopped".
      let waiting = LockedBox<CheckedContinuation<Result<Int, TUIServerFailure>, Never>?>(continuation)
      // Detached: the server must not need the main thread, which the terminal session keeps.
      Task.detached {
        do {
          try await server.run(handleSignals: false) { port in
            waiting.take()?.resume(returning: .success(port))
          }
          waiting.take()?.resume(returning: .failure(TUIServerFailure("the server did not start")))
        } catch {
          waiting.take()?.resume(
            returning: .failure(
              TUIServerFailure(
                PortAvailability.isAddressInUse(error)
                  ? PortAvailability.inUse(host: host, port: requestedPort)
                  : "the server did not start: \(error)")))
        }
      }
    }
    switch started {
    case .success(let port):
      // The UI's first frame shows the server's simulation: read before the terminal is taken.
      let current = await server.state.change { _ in () }.1
      return ServerBridge(
        server: server, address: "\(serverOptions.scheme)://\(host):\(port)", current: current)
    case .failure(let failure): throw ReportCLI.usage("tui", failure.message)
    }
  }

  /// How the UI starts without saved state: the scenario file (its text read now) or the demo
  /// world under `--rules`.
  func freshStart() throws -> SavedStart {
    guard let file else {
      return SavedStart(
        door: .tui, rules: rules?.rawValue,
        storekit: try storekit.map { try StoreKitOption.keep($0, command: "tui") })
    }
    do {
      return SavedStart(door: .tui, scenarioPath: file, scenarioText: try ScenarioFile.read(path: file))
    } catch {
      StandardError.write("epsim tui: " + error.description)
      throw ExitCode.usage
    }
  }

  /// The UI on a scenario file's world; unreadable, invalid or refused files exit 2 with the reason.
  static func scenarioState(_ file: String) throws -> TUIState {
    // The same checks and messages as `epsim run`: missing, empty, binary, UTF-16, oversized.
    let text: String
    do {
      text = try ScenarioFile.read(path: file)
    } catch {
      // A file that cannot be read is the command's error, as in `epsim run`.
      StandardError.write("epsim tui: " + error.description)
      throw ExitCode.usage
    }
    return try scenarioState(text: text, file: file)
  }

  /// The UI on a scenario's text (kept in a state directory), named `file` in messages.
  static func scenarioState(text: String, file: String) throws -> TUIState {
    do {
      return try TUIState(script: try ScenarioStepper(text: text, file: file))
    } catch let error as ScenarioParseErrors {
      StandardError.write(error.description)
    } catch {
      StandardError.write("epsim tui: the engine refuses a setup line: \(error)")
    }
    throw ExitCode.usage
  }
}

/// The environment presets `--rules` accepts.
enum RulesPreset: String, ExpressibleByArgument, CaseIterable {
  case sandbox
  case production

  var lifecycleRules: LifecycleRules { self == .sandbox ? .sandbox : .production }
}

/// The signer of `J`: the server's CA when there is one, else a CA made on first use and kept.
// @unchecked: `made` is read and written under `lock`.
private final class LazySigner: @unchecked Sendable {
  // Guards `made`: the UI's thread is the only caller, the lock only keeps that true if it changes.
  private let lock = NSLock()
  private var made: SignedCommerceData?

  init(authority: TestCertificateAuthority?) {
    made = authority.map { SignedCommerceData(authority: $0) }
  }

  func sign(_ payload: TransactionPayload) -> String? {
    lock.withLock {
      if made == nil { made = (try? TestCertificateAuthority()).map { SignedCommerceData(authority: $0) } }
      return try? made?.transaction(payload)
    }
  }
}

/// Why the server beside the terminal UI did not start.
private struct TUIServerFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
