/// An event-sourced run: the initial world, the events applied to it, and a cursor for undo,
/// redo and rewind. Every state is a fold of events, so any earlier point is restored exactly.
public struct Simulation: Sendable {
  /// One applied event, its outcome, and the world right after it.
  public struct Step: Hashable, Sendable {
    public var event: WorldEvent
    public var outcome: EventOutcome
    public var world: WorldState
  }

  public let initial: WorldState
  /// Every step recorded, including those undone and not yet redone (after `position`).
  public private(set) var steps: [Step] = []
  /// How many steps are in effect.
  public private(set) var position = 0

  public init(initial: WorldState) {
    self.initial = initial
  }

  /// Replays `events` over `initial`; the result has every event in effect.
  public static func replaying(_ events: [WorldEvent], over initial: WorldState) throws(SimulationError)
    -> Simulation
  {
    var simulation = Simulation(initial: initial)
    for event in events { try simulation.apply(event) }
    return simulation
  }

  /// The world as of the current position.
  public var world: WorldState { position == 0 ? initial : steps[position - 1].world }

  /// The steps in effect, oldest first.
  public var appliedSteps: ArraySlice<Step> { steps[..<position] }

  public var canUndo: Bool { position > 0 }
  public var canRedo: Bool { position < steps.count }

  /// Applies an event at the current position; anything that had been undone is discarded.
  @discardableResult
  public mutating func apply(_ event: WorldEvent) throws(SimulationError) -> EventOutcome {
    let (next, outcome) = try world.applying(event)
    steps.removeSubrange(position...)
    steps.append(Step(event: event, outcome: outcome, world: next))
    position += 1
    return outcome
  }

  /// Moves the clock to a target, resolved against the current world.
  @discardableResult
  public mutating func moveClock(_ target: ClockTarget) throws(SimulationError) -> EventOutcome {
    try apply(.advanceClock(to: try world.resolve(target)))
  }

  /// Steps back one event; false when there is nothing to undo.
  @discardableResult
  public mutating func undo() -> Bool {
    guard canUndo else { return false }
    position -= 1
    return true
  }

  /// Re-applies the next undone event; false when there is none.
  @discardableResult
  public mutating func redo() -> Bool {
    guard canRedo else { return false }
    position += 1
    return true
  }

  /// Puts the cursor after `count` steps (0 is the initial world).
  public mutating func rewind(toStep count: Int) {
    position = min(max(count, 0), steps.count)
  }

  /// The latest step in effect at or before `time`: rewinds the clock to that moment of history.
  public mutating func rewind(toTime time: VirtualTime) {
    let count = appliedSteps.lastIndex { $0.world.now <= time }.map { $0 + 1 } ?? 0
    rewind(toStep: count)
  }
}
