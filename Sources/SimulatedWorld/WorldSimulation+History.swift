import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// Undo, redo and rewind: the terminal UI and the server keep the token world's history.
///
/// A rewind puts the token world back through its own history (`Simulation`), and the App Store
/// from the newest copy kept at or before the last step that changed it, replaying the store
/// changes after that copy, each against the token world as it was at its step.
extension WorldSimulation: UndoableHistory where Tokens == Simulation {
  /// A step of the history, as the history dialog and the log read it.
  public struct Entry: Sendable {
    /// The step's token steps: `tokens.steps[tokenSteps]`.
    public var tokenSteps: Range<Int>
    /// A purchase step, if the step was one.
    public var purchase: CommerceStep?
    /// A backend's change through Apple's API, if the step was one.
    public var backend: CommerceEvent?
    /// What the App Store did during the step.
    public var storeEvents: [StoreEventRecord]
    /// The clock after the step (a purchase or backend step leaves it where it was).
    public var now: VirtualTime
    /// The door that made the step.
    public var origin: StepOrigin
    /// The clock move the step was asked as, when it named a moment (`advance to next moment
    /// minus 1ms`) rather than a duration or a time.
    public var clockMove: ClockMove?
  }

  /// How many steps are in effect.
  public var position: Int { history.position }
  /// Steps recorded, undone ones included.
  public var stepCount: Int { history.count }
  /// The App Store before the first step.
  public var initialStore: CommerceWorld? { history.initialStore }

  /// Step `position` (1-based), in effect or undone.
  public func entry(_ position: Int) -> Entry {
    let start = history.tokenEnd(position - 1)
    let end = history.tokenEnd(position)
    let change = history.change(at: position)
    var entry = Entry(
      tokenSteps: start..<end, storeEvents: change?.events ?? [],
      now: end > 0 ? tokens.steps.now(at: end - 1) : tokens.initial.now, origin: history.origin(position),
      clockMove: history.moves[position])
    switch change?.input {
    case .purchase(let step): entry.purchase = step
    case .backend(let event): entry.backend = event
    case .followed, nil: break
    }
    return entry
  }

  /// What the App Store did in the steps in effect, oldest first.
  public var appliedStoreEvents: [StoreEventRecord] {
    history.changes[..<history.changeIndex(after: position)].flatMap(\.events)
  }

  /// The newest step in effect that a backend made through Apple's API (0: none). The terminal
  /// UI does not undo past it: the backend saw its answer and keeps what it set.
  public var newestBackendStep: Int {
    history.changes[..<history.changeIndex(after: position)].last { change in
      if case .backend = change.input { true } else { false }
    }?.position ?? 0
  }

  /// Puts the cursor after `count` steps (0 is the initial world).
  public mutating func rewind(toStep count: Int) {
    let target = min(max(count, 0), history.count)
    let firstAfter = history.changeIndex(after: target)
    if firstAfter == 0 {
      store = history.initialStore
    } else {
      let lastChange = history.changes[firstAfter - 1].position
      let snapshot = history.snapshot(atOrBefore: lastChange)
      store = snapshot.store
      for change in history.changes[history.changeIndex(after: snapshot.position)..<firstAfter] {
        replay(change)
      }
    }
    tokens.rewind(toStep: history.tokenEnd(target))
    // Steps after the last change left the App Store alone but for its clock.
    let now = world.now
    _ = try? store?.advance(to: now)
    history.position = target
    lastCustomer = history.lastCustomer(target)
    revision += 1
  }

  /// Applies a store change again, against the token world as it was at its step.
  private mutating func replay(_ change: WorldHistory.StoreChange) {
    let start = history.tokenEnd(change.position - 1)
    let end = history.tokenEnd(change.position)
    do throws(SimulationError) {
      switch change.input {
      case .purchase(let step):
        tokens.rewind(toStep: end)
        let world = self.world
        _ = try store?.perform(step, world: world)
      case .backend(let event):
        tokens.rewind(toStep: end)
        let now = world.now
        _ = try store?.applyBackend(event, at: now)
      case .followed:
        for step in start..<end {
          tokens.rewind(toStep: step + 1)
          let world = self.world
          _ = try store?.follow(tokens.steps.event(at: step), world: world)
        }
        let now = world.now
        _ = try store?.advance(to: now)
      }
    } catch {
      preconditionFailure("a recorded App Store change failed on replay: \(error)")
    }
  }
}

extension WorldSimulation where Tokens == Simulation {
  /// Step `position` (1-based) as it was applied: applying these again from the initial world
  /// rebuilds this one.
  public func step(_ position: Int) -> WorldStep {
    let entry = entry(position)
    if let purchase = entry.purchase { return .purchase(purchase) }
    if let backend = entry.backend { return .backend(backend) }
    return .events(entry.tokenSteps.map { tokens.steps.event(at: $0) })
  }

  /// The steps in effect, oldest first.
  public var appliedSteps: [WorldStep] { (0..<position).map { step($0 + 1) } }
}
