/// An event-sourced run: the initial world, the events applied to it, and a cursor for undo,
/// redo and rewind. Every state is a fold of events, so any earlier point is restored exactly.
///
/// History is stored as events and outcomes, not as one world per step: a long session would
/// otherwise keep millions of worlds. Earlier worlds are rebuilt from a snapshot taken every
/// so many steps, replaying the events after it
/// (docs/decisions/0125-history-as-snapshots-plus-replay-not-one-world.md).
public struct Simulation: UndoableHistory, Sendable {
  /// One applied event, its outcome, and the clock right after it.
  public struct Step: Hashable, Sendable {
    public var event: WorldEvent
    public var outcome: EventOutcome
    /// The virtual time once the event was applied (the history shows it).
    public var now: VirtualTime
  }

  public let initial: WorldState
  /// Every step recorded, including those undone and not yet redone (after `position`); stored
  /// compactly, each `Step` rebuilt when read (`StepHistory`).
  public private(set) var steps: StepHistory
  /// How many steps are in effect.
  public private(set) var position = 0
  /// The world as of the current position.
  public private(set) var world: WorldState
  /// Worlds kept to replay from, oldest first, one every `snapshotSpacing` steps (the initial
  /// world is the implicit one at step 0).
  private var snapshots: [WorldSnapshot] = []

  public init(initial: WorldState) {
    self.initial = initial
    self.world = initial
    self.steps = StepHistory(start: initial.now)
  }

  /// Replays `events` over `initial`; the result has every event in effect.
  public static func replaying(_ events: [WorldEvent], over initial: WorldState) throws(SimulationError)
    -> Simulation
  {
    var simulation = Simulation(initial: initial)
    for event in events { try simulation.apply(event) }
    return simulation
  }

  /// The steps in effect, oldest first.
  public var appliedSteps: Slice<StepHistory> { steps[..<position] }

  /// Steps recorded, undone ones included.
  public var stepCount: Int { steps.count }

  /// Applies an event at the current position; anything that had been undone is discarded.
  @discardableResult
  public mutating func apply(_ event: WorldEvent) throws(SimulationError) -> EventOutcome {
    let outcome = try world.apply(event)
    steps.truncate(to: position)
    while let last = snapshots.last, last.step > position { snapshots.removeLast() }
    steps.append(event, outcome, now: world.now)
    position += 1
    takeSnapshotIfDue()
    return outcome
  }

  /// Takes back the steps after `count` for good: the cursor goes there and they cannot be redone.
  /// A change of several events that is refused part way uses it to take back its first events.
  public mutating func discardSteps(after count: Int) {
    rewind(toStep: count)
    steps.truncate(to: position)
    while let last = snapshots.last, last.step > position { snapshots.removeLast() }
  }

  /// Moves the clock to a target, resolved against the current world.
  @discardableResult
  public mutating func moveClock(_ target: ClockTarget) throws(SimulationError) -> EventOutcome {
    try apply(.advanceClock(to: try world.resolve(target)))
  }

  /// Puts the cursor after `count` steps (0 is the initial world).
  public mutating func rewind(toStep count: Int) {
    let target = min(max(count, 0), steps.count)
    // Back: from the nearest snapshot before the target. Forward: from there too when it is
    // nearer than the current position.
    let base = snapshots.last { $0.step <= target }
    if target < position || (base?.step ?? 0) > position {
      world = base?.world ?? initial
      position = base?.step ?? 0
    }
    while position < target {
      Self.replay(steps.event(at: position), on: &world)
      position += 1
    }
  }

  /// The latest step in effect at or before `time`: rewinds the clock to that moment of history.
  public mutating func rewind(toTime time: VirtualTime) {
    let count = (0..<position).last { steps.now(at: $0) <= time }.map { $0 + 1 } ?? 0
    rewind(toStep: count)
  }

  /// Calls `body` with each step in effect and the world right after it, oldest first; the
  /// worlds are rebuilt by replaying the events from the initial world.
  public func forEachAppliedStep<Failure: Error>(
    _ body: (Step, WorldState) throws(Failure) -> Void
  ) throws(Failure) {
    var world = initial
    for step in appliedSteps {
      Self.replay(step.event, on: &world)
      try body(step, world)
    }
  }

  /// Applies an event that was applied before, from the same world, so it cannot fail; the log
  /// is already in its step, so it is not built again.
  private static func replay(_ event: WorldEvent, on world: inout WorldState) {
    do {
      _ = try world.applyWithoutLog(event)
    } catch {
      preconditionFailure("a recorded event failed on replay: \(error)")
    }
  }

  private mutating func takeSnapshotIfDue() {
    guard position % Self.snapshotSpacing == 0 else { return }
    snapshots.append(WorldSnapshot(step: position, world: world, previous: snapshots.last))
  }

  /// Steps between snapshots: a rewind replays fewer events than this, and the history keeps
  /// one snapshot (what changed since the last one) per this many steps.
  public static let snapshotSpacing = 1000
}
