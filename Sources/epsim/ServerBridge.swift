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
  private let pushes: AsyncStream<Simulation>.Continuation
  private var tasks: [Task<Void, Never>] = []

  init(server: MockAppleServer, address: String) {
    self.server = server
    self.address = address
    latestActivity = ServerActivity(address: address)
    let (stream, continuation) = AsyncStream.makeStream(
      of: Simulation.self, bufferingPolicy: .bufferingNewest(1))
    pushes = continuation
    tasks.append(
      Task { [weak self] in
        for await simulation in stream {
          guard let self else { return }
          await server.state.replaceSimulation(simulation)
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

  /// Hands the UI's simulation to the server; only the newest waiting one matters.
  func push(_ simulation: Simulation) {
    pushes.yield(simulation)
  }

  /// What the server has seen, as of the last look.
  var activity: ServerActivity {
    lock.withLock { latestActivity }
  }

  private func refresh() async {
    let lines = await server.state.activityLines()
    let refusals = await server.state.refusals.map(\.text)
    lock.withLock {
      latestActivity = ServerActivity(address: address, linesByToken: lines, refusals: refusals)
    }
  }

  func stop() {
    pushes.finish()
    for task in tasks { task.cancel() }
  }
}
