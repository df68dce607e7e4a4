import LifecycleSimulator

/// What a scenario's steps are applied to: the world, and one way to apply an event to it.
protocol RunEngine: Sendable {
  var world: WorldState { get }
  /// Applies `event`; its result and the one-line summary the transcript shows for it.
  mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  )
}

/// The terminal UI steps a scenario on its own simulation, so every step joins the undo history.
extension Simulation: RunEngine {
  mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  ) {
    let outcome = try apply(event)
    // The log's first line is the event's summary, already built.
    return (outcome.result, outcome.log.first?.message ?? event.summary)
  }
}

/// The world alone, for `epsim run`: a file never rewinds and its transcript shows only each
/// event's summary, so recording history and building the engine's log lines would be wasted work
/// (about a tenth of a run's time, measured in docs/performance.md).
struct WorldWithoutHistory: RunEngine {
  var world: WorldState

  mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  ) {
    let result = try world.applyWithoutLog(event)
    return (result, event.summary)
  }
}
