import ExternalPurchaseTokens
import LifecycleSimulator

/// The few kinds of random draw the life planner needs, on top of the engine's seeded generator.
extension SeededGenerator {
  /// A uniformly distributed time offset in `range`; an empty range gives its lower bound.
  mutating func offset(in range: Range<VirtualDuration>) -> VirtualDuration {
    guard range.count > 0 else { return range.lowerBound }
    return range.lowerBound + VirtualDuration(next() % UInt64(range.count))
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    unitInterval() < probability
  }
}
