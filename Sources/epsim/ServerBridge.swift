import EpsimTUI
import Foundation
import LifecycleSimulator
import MockAppleServer
import WorldCommands

/// Connects the terminal UI to the mock server running beside it (`epsim tui --serve`).
///
/// The server owns the one simulation: the UI makes each change through `change(_:)`, which runs
/// it on the server's simulation and hands back the result, so a backend's changes through the
/// App Store Server API (an app account token, an extension) are in the same history as the UI's
/// steps and nothing is copied over them. What the server has seen (reports, notifications) and
/// the simulation as a backend left it come back when the server's activity feed says something
/// happened (`MockAppleState.watch()`), in one read of the actor; nothing polls. Nothing here
/// touches the terminal.
// @unchecked: `latestActivity`, `latestSimulation` and `looking` are read and written under `lock`.
final class ServerBridge: SimulationOwner, @unchecked Sendable {
  let server: MockAppleServer
  let address: String
  private let lock = NSLock()
  private var latestActivity: ServerActivity
  private var latestSimulation: WorldSimulation<Simulation>?
  private var looking: Task<Void, Never>?

  init(server: MockAppleServer, address: String) {
    self.server = server
    self.address = address
    latestActivity = ServerActivity(address: address)
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

  /// Runs a change on the server's simulation and waits for it: the server's actor answers in
  /// microseconds, and the UI's thread is not one the actor runs on, so waiting cannot deadlock.
  func change<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result
  ) -> (Result, WorldSimulation<Simulation>) {
    let box = LockedBox<(Result, WorldSimulation<Simulation>)?>(nil)
    let done = DispatchSemaphore(value: 0)
    let state = server.state
    Task {
      box.value = await state.change(change)
      _ = try? await self.server.deliverDueNotifications()
      done.signal()
    }
    done.wait()
    lock.withLock { latestSimulation = box.value!.1 }
    return box.value!
  }

  /// What the server has seen, as of the last look.
  var activity: ServerActivity {
    lock.withLock { latestActivity }
  }

  /// The server's simulation as of the last look or change.
  var simulation: WorldSimulation<Simulation>? {
    lock.withLock { latestSimulation }
  }

  /// The server's simulation now, waited for (the UI's first frame shows it).
  func currentSimulation() -> WorldSimulation<Simulation> {
    change { _ in () }.1
  }

  private func refresh() async {
    let view = await server.state.view()
    lock.withLock {
      latestActivity = ServerActivity(
        address: address, linesByToken: view.linesByToken, refusals: view.refusals,
        linesByTransaction: view.linesByTransaction)
      latestSimulation = view.simulation
    }
  }

  func stop() {
    looking?.cancel()
  }
}
