import LifecycleSimulator
import SimulatedWorld

/// The owner of the simulation the terminal UI shows, when it is not the UI: the server running
/// beside it (`epsim tui --serve`), which a backend changes too. The UI makes every change through
/// it and shows the simulation it hands back, so there is one simulation, not two kept in step.
///
/// The UI never waits for the owner: `send` hands a change over and returns at once, the host
/// delivers the owner's `ChangeAnswer` as `TUIEvent.changeAnswered`, and keys typed meanwhile
/// wait behind the change, in order (docs/decisions/0164-the-ui-never-waits-for-the-server.md).
public protocol SimulationOwner: Sendable {
  /// Starts `change` on the owner's simulation as one change; its answer comes back through the
  /// host as a `ChangeAnswer` with this `id`.
  func send<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result, id: Int)
}

/// The owner's answer to one change the UI sent: what the change returned and the simulation
/// after it.
public struct ChangeAnswer: Hashable, Sendable {
  /// The number the UI gave the change when it sent it.
  public let id: Int
  /// What the change returned (the UI knows its type: it wrote the change).
  public let result: any Sendable
  /// The owner's simulation just after the change.
  public let simulation: WorldSimulation<Simulation>

  public init(id: Int, result: any Sendable, simulation: WorldSimulation<Simulation>) {
    self.id = id
    self.result = result
    self.simulation = simulation
  }

  public static func == (lhs: ChangeAnswer, rhs: ChangeAnswer) -> Bool {
    lhs.id == rhs.id && lhs.simulation.revision == rhs.simulation.revision
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A change sent to the owner whose answer has not come back, and what the UI does with it then.
struct AwaitedChange: Sendable {
  let id: Int
  let finish: @Sendable (inout TUIState, any Sendable) -> Void
}

extension TUIState {
  /// Makes a change to the simulation, then `finish`es with its result: at once when the UI owns
  /// the simulation; when the owner's answer arrives otherwise (events wait behind it until then).
  mutating func changeSimulation<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result,
    then finish: @escaping @Sendable (inout TUIState, Result) -> Void
  ) {
    guard let owner else {
      let result = change(&simulation)
      finish(&self, result)
      return
    }
    changesSent += 1
    awaitedChange = AwaitedChange(id: changesSent) { state, value in
      // The change was written here with this result type; another value is no answer to it.
      guard let result = value as? Result else { return }
      finish(&state, result)
    }
    owner.send(change, id: changesSent)
  }

  /// Whether a change sent to the owner has not been answered yet (the host looks more often).
  public var awaitsOwner: Bool { awaitedChange != nil }

  /// Takes in the owner's answer to the change the UI is waiting for, finishes that change, then
  /// handles the events that waited behind it, in order, until one sends a change again.
  mutating func receive(_ answer: ChangeAnswer) -> [Effect] {
    guard let awaited = awaitedChange, awaited.id == answer.id else { return [] }
    awaitedChange = nil
    simulation = answer.simulation
    awaited.finish(&self, answer.result)
    var effects: [Effect] = []
    while awaitedChange == nil, !eventsWaiting.isEmpty {
      effects += handle(eventsWaiting.removeFirst())
    }
    return effects
  }

  /// Keeps an event that arrived while a change is awaited, to handle after its answer; time
  /// passing while waiting is one tick, not many.
  mutating func wait(_ event: TUIEvent) {
    if case .tick(let elapsed) = event, case .tick(let before) = eventsWaiting.last {
      let (sum, overflow) = before.addingReportingOverflow(elapsed)
      eventsWaiting[eventsWaiting.count - 1] = .tick(elapsedMilliseconds: overflow ? .max : sum)
      return
    }
    eventsWaiting.append(event)
  }

  /// Shows the owner's simulation as it is now (a backend changed it between the UI's steps);
  /// while a change is awaited its answer brings the newer one.
  public mutating func show(_ current: WorldSimulation<Simulation>) {
    guard awaitedChange == nil, current.revision != simulation.revision else { return }
    simulation = current
    tokensPane.tokensCut(to: world.tokens.count)
    refreshDerived()
  }

  /// The UI driving `owner`'s simulation instead of its own.
  public mutating func attach(to owner: any SimulationOwner, showing current: WorldSimulation<Simulation>) {
    self.owner = owner
    simulation = current
    files.markSaved(simulation.appliedSteps)
    refreshDerived()
  }
}
