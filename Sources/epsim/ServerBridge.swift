import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import Foundation
import LifecycleSimulator
import MockAppleServer

/// Connects the terminal UI to the mock server running beside it (`epsim tui --serve`).
///
/// The UI's simulation is the source of truth: every change is handed to the server, in order,
/// through one queue. What the server has seen (reports, notifications) comes back as a
/// `ServerActivity` the UI picks up on its next event. Nothing here touches the terminal.
final class ServerBridge: @unchecked Sendable {
  let server: MockAppleServer
  let address: String
  private let lock = NSLock()
  private var latestActivity: ServerActivity
  private let pushes: AsyncStream<(Simulation, CommerceWorld)>.Continuation
  /// App Store events handed over but not yet taken by the server: kept apart from the stream,
  /// which keeps only the newest world, because every event becomes a notification.
  private var pendingEvents: [CommerceDomainEvent] = []
  private var tasks: [Task<Void, Never>] = []

  init(server: MockAppleServer, address: String) {
    self.server = server
    self.address = address
    latestActivity = ServerActivity(address: address)
    let (stream, continuation) = AsyncStream.makeStream(
      of: (Simulation, CommerceWorld).self, bufferingPolicy: .bufferingNewest(1))
    pushes = continuation
    tasks.append(
      Task { [weak self] in
        for await (simulation, commerce) in stream {
          guard let self else { return }
          let events = self.takePendingEvents()
          await server.state.replaceSimulation(simulation, commerce: commerce, events: events)
          _ = try? await server.deliverDueNotifications()
          await self.refresh()
        }
      })
    // Reports arrive from the backend at any time: look again a few times a second.
    tasks.append(
      Task { [weak self] in
        while !Task.isCancelled {
          await self?.refresh()
          try? await Task.sleep(for: .milliseconds(250))
        }
      })
  }

  /// Hands the UI's simulation and App Store to the server, with the App Store's new events;
  /// only the newest waiting world matters, every event does.
  func push(_ simulation: Simulation, commerce: CommerceWorld, newEvents: [CommerceDomainEvent]) {
    lock.withLock { pendingEvents += newEvents }
    pushes.yield((simulation, commerce))
  }

  private func takePendingEvents() -> [CommerceDomainEvent] {
    lock.withLock {
      defer { pendingEvents = [] }
      return pendingEvents
    }
  }

  /// What the server has seen, as of the last look.
  var activity: ServerActivity {
    lock.withLock { latestActivity }
  }

  private func refresh() async {
    let lines = await server.state.activityLines()
    let refusals = await server.state.refusals.map(\.text)
    let transactions = await server.state.transactionActivityLines()
    lock.withLock {
      latestActivity = ServerActivity(
        address: address, linesByToken: lines, refusals: refusals, linesByTransaction: transactions)
    }
  }

  func stop() {
    pushes.finish()
    for task in tasks { task.cancel() }
  }
}
