import AppStoreCommerce
import LifecycleSimulator

/// The App Store as of each step of a token history (`Simulation`), kept beside it so undo, redo
/// and rewind restore purchases as they restore tokens.
///
/// Positions are the token history's: 0 is the initial world, n is "after step n". A purchase is a
/// step of that history of its own (the caller applies a step that changes no token, and records
/// the purchase here at its position); every other step only moves the App Store's clock to the
/// token world's, and renewals due on the way happen. The App Store is kept only at the positions
/// where it changed, so a long history of token steps costs nothing here.
public struct CommerceHistory: Sendable {
  /// A position where the App Store changed: what it is after that step, and what happened.
  public struct Change: Sendable {
    public var position: Int
    public var world: CommerceWorld
    public var events: [CommerceDomainEvent]
  }

  /// The App Store before the first step.
  public let initial: CommerceWorld
  /// The changes, by increasing position; those after the current position are redo's.
  public private(set) var changes: [Change] = []
  /// The purchase steps, by the position they lead to.
  public private(set) var purchases: [Int: CommerceStep] = [:]
  /// The App Store at the token history's current position and time.
  public private(set) var current: CommerceWorld
  /// Every event the App Store produced, in order, undone ones included: Apple's side saw them
  /// (a server beside the UI has sent their notifications), so undo never takes them back.
  public private(set) var eventLog: [CommerceDomainEvent] = []

  public init(initial: CommerceWorld) {
    self.initial = initial
    current = initial
  }

  /// The App Store as it was right after the step that led to `position` (before any clock move
  /// that changed nothing in it).
  public func world(at position: Int) -> CommerceWorld {
    changes.last { $0.position <= position }?.world ?? initial
  }

  /// The change recorded at exactly `position`, if the App Store changed there.
  public func change(at position: Int) -> Change? {
    changes.last { $0.position == position }
  }

  /// Records the step that led to `position` in a token world now at `world`: a purchase step
  /// (`step`), or token steps (nil), which only move the App Store's clock. `start` is the position
  /// the token history went on from (the previous one, unless several steps were taken at once).
  /// Whatever was recorded after `start` is forgotten, as a new step after an undo forgets the
  /// undone ones. On error (a refused purchase) nothing changes.
  /// `followed` are the token events of those steps: a device moving to another storefront moves
  /// its customer's App Store account there, as it does in `epsim run` and `epsim serve`.
  @discardableResult
  public mutating func record(
    _ step: CommerceStep?, from start: Int? = nil, reaching position: Int, world: WorldState,
    followed: [WorldEvent] = []
  ) throws(SimulationError) -> [CommerceDomainEvent] {
    let start = start ?? position - 1
    var next = self.world(at: start)
    var events: [CommerceDomainEvent]
    if let step {
      events = try next.perform(step, world: world)
    } else {
      events = []
      for event in followed { events += try next.follow(event, world: world) }
      events += try next.advance(to: world.now)
    }
    // Every purchase is a change, so with no change after `start` there is nothing to forget (the
    // common case: a step at the end of the history costs no scan).
    if let last = changes.last, last.position > start {
      changes.removeAll { $0.position > start }
      purchases = purchases.filter { $0.key <= start }
    }
    // A storefront move changes the App Store without an event of its own: keep it as a change.
    let movedStorefront = followed.contains { if case .setStorefront = $0 { true } else { false } }
    if step != nil || !events.isEmpty || movedStorefront {
      changes.append(Change(position: position, world: next, events: events))
    }
    if let step { purchases[position] = step }
    current = next
    eventLog += events
    return events
  }

  /// Moves to `position` of the token history (undo, redo, rewind), whose world is at `now`.
  public mutating func move(to position: Int, now: VirtualTime) {
    var world = self.world(at: position)
    // Nothing is due between the last change and `now`: a step that crossed a renewal is a change.
    _ = try? world.advance(to: now)
    current = world
  }
}
