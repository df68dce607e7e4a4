import LifecycleSimulator

/// The token world a `WorldSimulation` drives: with its history (`Simulation`: the terminal UI and
/// the server rewind it) or alone (`WorldWithoutHistory`: `epsim run` never does).
public protocol TokenEngine: Sendable {
  /// Whether steps are remembered for undo and rewind: a `WorldSimulation` over an engine that
  /// keeps no history records nothing of its own either.
  static var keepsHistory: Bool { get }
  var world: WorldState { get }
  /// How many token steps are in effect; always 0 for an engine that keeps no history.
  var position: Int { get }
  /// Applies `event`; its result and the one-line summary a transcript shows for it.
  mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  )
  /// Takes back the steps after `count` for good (a change of several events refused part way).
  /// An engine without history cannot; `epsim run` ends at a refusal, so it never needs to.
  mutating func takeBack(toStep count: Int)
}

extension Simulation: TokenEngine {
  public static var keepsHistory: Bool { true }

  public mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  ) {
    let outcome = try apply(event)
    // The log's first line is the event's summary, already built.
    return (outcome.result, outcome.log.first?.message ?? event.summary)
  }

  public mutating func takeBack(toStep count: Int) {
    discardSteps(after: count)
  }
}

/// The world alone, for `epsim run`: a file never rewinds and its transcript shows only each
/// event's summary, so recording history and building the engine's log lines would be wasted work
/// (about a tenth of a run's time, measured in docs/performance.md).
public struct WorldWithoutHistory: TokenEngine {
  public static var keepsHistory: Bool { false }
  public private(set) var world: WorldState
  public var position: Int { 0 }

  public init(world: WorldState) {
    self.world = world
  }

  public mutating func applyStep(_ event: WorldEvent) throws(SimulationError) -> (
    result: EventResult, summary: String
  ) {
    let result = try world.applyWithoutLog(event)
    return (result, event.summary)
  }

  public mutating func takeBack(toStep count: Int) {}
}
