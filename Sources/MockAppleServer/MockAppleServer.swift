import AppStoreServerAPI
import AppleNotifications
import AppleSigning
import CommerceSimulation
import ControlAPI
import ExternalPurchaseReportAPI
import Foundation
import Hummingbird
import HummingbirdTLS
import LifecycleSimulator
import Logging
import MockAppleCore
import MockAppleHTTP
import NIOCore
import ServiceLifecycle
import SimulatedWorld

/// `epsim serve`: Apple's External Purchase Server API and epsim's control API over real HTTP,
/// on loopback by default, over one simulated world on the virtual clock.
public struct MockAppleServer: Sendable {
  public let state: MockAppleState
  public let configuration: ServerConfiguration

  /// Makes the server and its test certificate authority (a fresh one per server, under the
  /// configuration's kept root when it has one); `commerce` is
  /// the App Store beside the world (none given: an empty catalog).
  public init(world: WorldState, configuration: ServerConfiguration, commerce: CommerceWorld? = nil) throws {
    self.state = MockAppleState(
      world: world, notificationSettings: configuration.notifications,
      authority: try TestCertificateAuthority(root: configuration.testRoot), commerce: commerce)
    self.configuration = configuration
  }

  /// Makes the server on a simulation it then owns (the terminal UI's, under `epsim tui --serve`).
  public init(simulation: WorldSimulation<Simulation>, configuration: ServerConfiguration) throws {
    self.state = MockAppleState(
      simulation: simulation, notificationSettings: configuration.notifications,
      authority: try TestCertificateAuthority(root: configuration.testRoot))
    self.configuration = configuration
  }

  /// Serves until the calling task is cancelled (or SIGINT/SIGTERM when `handleSignals`);
  /// `onRunning` gets the port actually bound, which matters when the configuration asks for 0.
  ///
  /// Cancellation shuts the server down gracefully: open requests finish, nothing is logged
  /// as an error.
  public func run(handleSignals: Bool = false, onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    async throws
  {
    let router = Router()
    // First of all: no answer leaves before the changes it may show are on disk (`--state`).
    router.add(middleware: SavedAnswers(gate: state.saved))
    // Before any route: router middleware applies only to routes registered after it.
    if let token = configuration.controlToken {
      router.add(middleware: ControlAccess(token: token, state: state))
    }
    let server = ServerContext(state: state, configuration: configuration)
    ReportRoutes(server).register(on: router)
    ControlRoutes(server).register(on: router)
    HistoryControlRoutes(server).register(on: router)
    ActivityControlRoutes(server).register(on: router)
    let appStore = AppStoreRoutes(server)
    appStore.register(on: router)
    CommerceControlRoutes(appStore).register(on: router)
    NotificationRoutes(appStore).register(on: router)
    var logger = Logger(label: "epsim")
    logger.logLevel = configuration.logLevel
    let app = Application(
      router: router,
      server: try configuration.tls.map { try .tls(.http1(), tlsConfiguration: $0.configuration) }
        ?? .http1(),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "epsim"),
      onServerRunning: { [state] channel in
        // Notifications the starting world already has due go out before anything else happens.
        _ = try? await NotificationDispatcher(state: state).deliverDue()
        await onRunning(channel.localAddress?.port ?? 0)
      }, logger: logger)
    let group = ServiceGroup(
      configuration: .init(
        services: [app], gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [], logger: logger))
    // The group runs in its own task so the caller's cancellation becomes a graceful shutdown
    // instead of cancelling every open connection.
    let running = Task { try await group.run() }
    let following = configuration.wallClockRate.map { rate in
      Task { [state, clock = configuration.clock] in
        await Self.followWallClock(state: state, rate: rate, clock: clock)
      }
    }
    defer { following?.cancel() }
    try await withTaskCancellationHandler {
      try await running.value
    } onCancel: {
      Task { await group.triggerGracefulShutdown() }
    }
  }
}

extension MockAppleServer {
  /// `--clock wall`: once a real second, the virtual clock catches up with real time (times
  /// `rate`), then whatever fell due is sent. Real time is the point here: this loop is the clock.
  static func followWallClock(state: MockAppleState, rate: Double, clock: @Sendable () -> Date) async {
    while !Task.isCancelled {
      if await state.followWallClock(now: clock(), rate: rate) {
        _ = try? await NotificationDispatcher(state: state).deliverDue()
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }

  /// Sends the notifications that are due by the world's time, as the control API does after
  /// each event; for hosts that change the world directly (`epsim tui --serve`).
  public func deliverDueNotifications() async throws -> [NotificationDelivery] {
    try await NotificationDispatcher(state: state).deliverDue()
  }
}
