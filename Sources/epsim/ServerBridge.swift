import EpsimTUI
import Foundation
import LifecycleSimulator
import MockAppleServer
import SimulatedWorld

/// Connects the terminal UI to the mock server running beside it (`epsim tui --serve`).
///
/// The server owns the one simulation: the UI sends each change through `send(_:id:)`, which
/// runs it on the server's simulation in a task and keeps the answer for the host to hand the UI
/// (`takeAnswers()`), so a backend's changes through the App Store Server API (an app account
/// token, an extension) are in the same history as the UI's steps and nothing is copied over
/// them; the UI's thread never waits for the server. What the server has seen (reports,
/// notifications) and the simulation as a backend left it come back when the server's activity
/// feed says something happened (`MockAppleState.watch()`), in one read of the actor; nothing
/// polls. Nothing here touches the terminal.
// @unchecked: `latestActivity`, `latestSimulation`, `answers` and `answersKept` are read and
// written under `lock`.
final class ServerBridge: SimulationOwner, @unchecked Sendable {
  let server: MockAppleServer
  let address: String
  private let lock = NSLock()
  private var latestActivity: ServerActivity
  private var latestSimulation: WorldSimulation<Simulation>
  private var answers: [ChangeAnswer] = []
  /// How many answers have been kept: a look that began before one must not show an older
  /// simulation over it.
  private var answersKept = 0
  private var looking: Task<Void, Never>?

  /// A bridge to `server`, whose simulation is `current` as the UI first shows it.
  init(server: MockAppleServer, address: String, current: WorldSimulation<Simulation>) {
    self.server = server
    self.address = address
    latestActivity = ServerActivity(address: address)
    latestSimulation = current
    // Reports and API calls arrive from the backend at any time: look again when the server's
    // feed moves (a watcher behind is given only the newest number, so a burst is one look).
    let state = server.state
    looking = Task { [weak self] in
      for await _ in await state.watch() {
        guard let self, !Task.isCancelled else { return }
        await self.refresh()
      }
    }
  }

  /// Runs a change on the server's simulation in a task and keeps its answer for the UI; returns
  /// at once.
  func send<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result, id: Int
  ) {
    let state = server.state
    Task {
      let (result, simulation) = await state.change(change)
      self.lock.withLock {
        answers.append(ChangeAnswer(id: id, result: result, simulation: simulation))
        answersKept += 1
        latestSimulation = simulation
      }
      _ = try? await self.server.deliverDueNotifications()
    }
  }

  /// The answers to changes the UI sent that have come back since the last call, oldest first.
  func takeAnswers() -> [ChangeAnswer] {
    lock.withLock {
      defer { answers = [] }
      return answers
    }
  }

  /// What the server has seen, as of the last look.
  var activity: ServerActivity {
    lock.withLock { latestActivity }
  }

  /// The server's simulation as of the last look or change.
  var simulation: WorldSimulation<Simulation> {
    lock.withLock { latestSimulation }
  }

  private func refresh() async {
    let keptBefore = lock.withLock { answersKept }
    let view = await server.state.view()
    lock.withLock {
      latestActivity = ServerActivity(
        address: address, seenByToken: view.seenByToken, refusals: view.refusals,
        seenByTransaction: view.seenByTransaction)
      // An answer kept while the server was read may be newer than what was read.
      if answersKept == keptBefore { latestSimulation = view.simulation }
    }
  }

  func stop() {
    looking?.cancel()
  }
}
