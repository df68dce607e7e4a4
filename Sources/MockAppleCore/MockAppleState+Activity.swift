import AppleNotifications
import LifecycleSimulator
import ServerSightings
import SimulatedWorld

/// The typed activity feed and its watchers: every change any door makes is noted here once,
/// numbered, and every watcher is woken with the newest number, so nobody polls the simulation.
extension MockAppleState {
  /// A stream of the feed's newest sequence number, yielded whenever something happened (only
  /// the newest is kept for a watcher that is behind). Ends when the watcher stops reading.
  public func watch() -> AsyncStream<UInt64> {
    let (stream, continuation) = AsyncStream<UInt64>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = addWatcher(continuation)
    continuation.onTermination = { [weak self] _ in
      Task { await self?.removeWatcher(id) }
    }
    continuation.yield(activity.lastSequence)
    return stream
  }

  /// Notes one event at the world's time and wakes every watcher.
  func note(_ event: ActivityEvent) {
    appendActivity(event, at: simulation.world.now)
  }

  /// Notes the step just applied, with the door that made it.
  func noteNewestStep() {
    let position = simulation.position
    guard position > 0 else { return }
    note(
      .step(
        position: position, origin: simulation.entry(position).origin,
        summary: simulation.summary(ofStep: position)))
  }

  /// Notes what a change through `change(_:)` did to the history: a new world, new steps (each
  /// with its door), or a move of the cursor.
  func noteHistoryChange(since before: (generation: Int, recorded: Int, position: Int)) {
    if simulation.generation != before.generation {
      note(.startedOver)
      return
    }
    let added = simulation.recordedSteps - before.recorded
    if added > 0 {
      let first = max(1, simulation.position - added + 1)
      for position in stride(from: first, through: simulation.position, by: 1) {
        note(
          .step(
            position: position, origin: simulation.entry(position).origin,
            summary: simulation.summary(ofStep: position)))
      }
    } else if simulation.position != before.position {
      note(.historyMoved(from: before.position, to: simulation.position))
    }
  }

  /// Notes a notification as made.
  func noteMade(_ delivery: NotificationDelivery) {
    note(
      .notificationMade(
        key: delivery.key, type: delivery.notificationType, subtype: delivery.subtype,
        externalPurchaseId: delivery.externalPurchaseId, transactionId: delivery.transactionId))
  }
}

/// The server as the terminal UI beside it shows it, read in one turn of the actor: the
/// simulation, what Apple's side saw per token and per transaction, the refused requests, and
/// the feed's newest sequence number.
public struct ServerView: Sendable {
  public var simulation: WorldSimulation<Simulation>
  public var seenByToken: [String: [ServerSighting]]
  public var refusals: [ServerRefusal]
  public var seenByTransaction: [String: [ServerSighting]]
  public var sequence: UInt64
}

extension MockAppleState {
  /// Everything the UI shows of the server, at once.
  public func view() -> ServerView {
    ServerView(
      simulation: simulation, seenByToken: sightingsByToken(), refusals: refusals,
      seenByTransaction: sightingsByTransaction(), sequence: activity.lastSequence)
  }
}
