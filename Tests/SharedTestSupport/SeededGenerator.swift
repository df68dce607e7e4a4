/// A small seeded generator (SplitMix64) for tests that draw random cases: a failure names its
/// seed, and the same seed draws the same cases again.
package struct SplitMix64: Sendable {
  package var state: UInt64

  package init(seed: UInt64) { state = seed }

  /// A number from 0 to `bound - 1` (0 when `bound` is below 1).
  package mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
  }
}
