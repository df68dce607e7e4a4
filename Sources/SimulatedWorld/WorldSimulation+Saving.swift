import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

/// A new world on the same cast: the terminal UI's "new world" (`W`), the one way to change
/// environment once tokens exist (a world's tokens all belong to one environment, SPEC 2).
public struct FreshStart: Codable, Hashable, Sendable {
  public var seed: UInt64
  public var environment: TokenEnvironment

  public init(seed: UInt64, environment: TokenEnvironment) {
    self.seed = seed
    self.environment = environment
  }
}

extension WorldSimulation where Tokens == Simulation {
  /// A fresh simulation on this one's initial customers, devices, app and clock, under the
  /// environment's preset rules and the seed; the App Store keeps its catalog and grace period.
  /// Replaying the same start on the same simulation gives the same world (the server's saved
  /// state relies on it).
  public func startingOver(_ start: FreshStart) -> WorldSimulation {
    let initial = tokens.initial
    let world = WorldState(
      now: initial.now, rules: .preset(start.environment), app: initial.app, seed: start.seed,
      customers: initial.customers, devices: initial.devices)
    let products = store?.state.products ?? []
    let grace = store?.state.settings.gracePeriod
    var fresh = WorldSimulation(
      tokens: Simulation(initial: world),
      store: CommerceWorld(products: products, world: world) { settings in
        if let grace { settings.gracePeriod = grace }
      })
    fresh.freshStart = start
    fresh.generation = generation + 1
    // A new world is still a newer simulation: whoever shows the newest keeps this one.
    fresh.revision = revision + 1
    fresh.collectsStoreEvents = collectsStoreEvents
    return fresh
  }

  /// Steps that no change has dropped or replaced since `markSaved()`: a saver writes the steps
  /// after these, and where the history now stands.
  public var stepsKeptSinceMark: Int { min(history.keptSinceMark, history.count) }

  /// The default customer after step `position` (1-based): what a saved step carries.
  public func lastCustomer(atStep position: Int) -> String? { history.lastCustomer(position) }

  /// Notes that everything recorded so far is saved.
  public mutating func markSaved() { history.keptSinceMark = history.count }
}
