import AppleNotifications
import DurableJournal
import ExternalPurchaseReports
import Foundation
import LifecycleSimulator
import ParallelMap
import SimulatedWorld

/// The server's state on disk (`epsim serve --state DIR`): every change written to the journal as
/// it is made, and the journal replayed on the starting world when the server starts again.
extension MockAppleState {
  /// Writes what the history gained, lost or moved since the journal last heard of it.
  package func saveHistory() {
    guard let saver else { return }
    if simulation.lineage != saver.lineage {
      // A new world (the UI's `W`) is the one way a simulation is replaced.
      guard let start = simulation.freshStart else {
        saver.onFailure("the simulation was replaced in a way the state directory cannot record")
      }
      saver.write(.startOver(start))
      (saver.lineage, saver.count, saver.position) = (simulation.lineage, 0, 0)
    }
    let keep = min(simulation.stepsKeptSinceMark, saver.count)
    let count = simulation.stepCount
    let position = simulation.position
    guard
      keep != count || count != saver.count || position != saver.position
        || saver.wallClock != saver.savedWallClock
    else { return }
    let steps = (keep..<count).map {
      SavedStep(
        step: simulation.step($0 + 1), lastCustomer: simulation.lastCustomer(atStep: $0 + 1),
        origin: simulation.entry($0 + 1).origin,
        move: simulation.entry($0 + 1).clockMove.map { WorldCommand.advance($0).fields })
    }
    saver.write(.history(keep: keep, steps: steps, position: position, wallClock: saver.wallClock))
    simulation.markSaved()
    (saver.count, saver.position, saver.savedWallClock) = (count, position, saver.wallClock)
  }

  /// Writes a change of Apple's side, after whatever the history did before it.
  package func save(_ change: SavedChange) {
    guard let saver else { return }
    saveHistory()
    saver.write(change)
  }

  /// Writes newly created notifications with the counters that key the next ones.
  package func saveNotifications(_ made: [NotificationDelivery]) {
    save(
      .notifications(
        made.map(SavedDelivery.init), commerceEventsSeen: notifications.commerceEventsSeen,
        testsRequested: notifications.testsRequested))
  }

  /// What starting again on a state directory found.
  public struct Resumed: Sendable {
    /// Changes replayed from the journal.
    public var changes: Int
    /// Bytes of a last line cut short by a crash, dropped (never acknowledged).
    public var droppedBytes: Int
    /// Notifications the server stopped in the middle of sending, given up (not sent twice).
    public var abandoned: [String]
  }

  /// Replays `journal`'s lines on this state (the starting world), then writes every later change
  /// to it. `onFailure` runs when a change cannot be written. A line that cannot be read or
  /// replayed is refused with its number: the directory is not misread.
  public func resume(
    journal: JournalFile, lines: [[UInt8]], droppedBytes: Int = 0,
    onFailure: @escaping @Sendable (String) -> Never
  ) throws(JournalError) -> Resumed {
    // Reading the JSON is most of a replay's time and each line reads alone: on every core.
    let decoded = ParallelMap.map(lines, jobs: ProcessInfo.processInfo.activeProcessorCount) { line in
      Result { try JSONDecoder().decode(SavedChange.self, from: Data(line)) }
    }
    var wallClock: Int64?
    for (index, reading) in decoded.enumerated() {
      let place = "\(journal.path):\(index + 1)"
      let change: SavedChange
      do { change = try reading.get() } catch {
        throw JournalError(path: place, reason: "a change that cannot be read (\(error))")
      }
      do throws(SimulationError) {
        if let time = try replay(change) { wallClock = time }
      } catch {
        throw JournalError(
          path: place, reason: "a change this epsim cannot replay (\(error.message)); was it edited by hand?")
      }
    }
    simulation.markSaved()
    let saver = StateSaver(
      journal: journal, onFailure: onFailure, lineage: simulation.lineage, count: simulation.stepCount,
      position: simulation.position)
    (saver.wallClock, saver.savedWallClock) = (wallClock, wallClock)
    wallClockReal = wallClock
    self.saver = saver
    saved.attach(saver.syncer)
    // Sent or not, nobody knows: give each up rather than risk a second delivery.
    let interrupted = notifications.inFlightKeys.sorted()
    for key in interrupted {
      let at = notifications.delivery(key)?.nextAttemptAt ?? world.now
      let attempt = DeliveryAttempt(
        at: at, status: nil, error: "epsim stopped while sending it; not sent again, so never twice",
        result: .noResponse)
      notifications.abandon(key, attempt: attempt)
      save(.abandoned(key: key, attempt: attempt))
    }
    return Resumed(changes: lines.count, droppedBytes: droppedBytes, abandoned: interrupted)
  }

  /// Applies one saved change; the wall clock's real time when the change carries one.
  private func replay(_ change: SavedChange) throws(SimulationError) -> Int64? {
    switch change {
    case .history(let keep, let steps, let position, let wallClock):
      guard keep <= simulation.stepCount, position <= keep + steps.count else {
        throw SimulationError("the history has \(simulation.stepCount) steps, fewer than the change keeps")
      }
      if keep != simulation.position { simulation.rewind(toStep: keep) }
      for saved in steps {
        try simulation.replay(
          saved.step, lastCustomer: saved.lastCustomer, origin: saved.origin ?? .unknown,
          move: saved.clockMove)
      }
      if position != simulation.position { simulation.rewind(toStep: position) }
      hear(simulation.takeStoreEvents())
      return wallClock
    case .startOver(let start):
      simulation = simulation.startingOver(start)
    case .report(let report, let environment):
      let lookup = currentLookup()
      let verdict = ledgers[environment, default: ReportLedger(environment: environment)].submit(
        report, world: simulation.world, lookup: lookup)
      guard case .accepted = verdict else {
        throw SimulationError("report \(report.requestIdentifier) is no longer accepted")
      }
    case .notifications(let made, let seen, let tests):
      notifications.add(made.map(\.delivery), settings: notificationSettings)
      notifications.commerceEventsSeen = seen
      notifications.testsRequested = tests
    case .sending(let keys):
      notifications.markInFlight(keys)
    case .attempt(let key, let attempt):
      notifications.record(attempt, for: key, settings: notificationSettings)
    case .abandoned(let key, let attempt):
      notifications.abandon(key, attempt: attempt)
    }
    return nil
  }
}
