import ExternalPurchaseTokens
import LifecycleSimulator

/// The independent random streams of one customer, all derived from the run's seed and the
/// customer's number, so any customer can be regenerated alone and in any order.
struct CustomerSeeds: Hashable, Sendable {
  /// Draws the customer's life: devices, storefront, times.
  var life: UInt64
  /// Seeds the customer's world: token ids and refresh draws.
  var world: UInt64
  /// Picks which tokens get Apple's quirks; separate so `--quirks` changes nothing else.
  var quirks: UInt64
  /// Draws the customer's Apple purchases; drawn after the others, so adding it changed none of them.
  var purchases: UInt64
  /// Seeds the customer's commerce world (the engine's own draws).
  var purchaseWorld: UInt64

  init(runSeed: UInt64, customerNumber: Int) {
    // Two SplitMix64 rounds decorrelate neighbouring customer numbers and seeds.
    var mixer = SeededGenerator(
      seed: runSeed ^ (UInt64(truncatingIfNeeded: customerNumber) &* 0xD6E8_FEB8_6659_FD93))
    _ = mixer.next()
    life = mixer.next()
    world = mixer.next()
    quirks = mixer.next()
    purchases = mixer.next()
    purchaseWorld = mixer.next()
  }
}
