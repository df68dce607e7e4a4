import LifecycleSimulator

/// The few kinds of random draw the life planner needs, on top of the engine's seeded generator.
extension SeededGenerator {
  /// A uniformly distributed integer in `0..<count`; `count` must be positive.
  /// The modulo bias is below 2^-40 for the small counts used here, far under anything observable.
  mutating func below(_ count: Int) -> Int {
    Int(next() % UInt64(count))
  }

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
