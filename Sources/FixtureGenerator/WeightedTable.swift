import ExternalPurchaseTokens
import LifecycleSimulator

/// A fixed population to draw from, each entry with an integer weight (its share of the total).
struct WeightedTable<Element: Sendable>: Sendable {
  let entries: [(element: Element, weight: Int)]
  let totalWeight: Int

  init(_ entries: [(Element, Int)]) {
    precondition(!entries.isEmpty && entries.allSatisfy { $0.1 > 0 }, "weights must be positive")
    self.entries = entries.map { (element: $0.0, weight: $0.1) }
    self.totalWeight = entries.reduce(0) { $0 + $1.1 }
  }

  /// One entry, with probability proportional to its weight.
  func draw(using generator: inout SeededGenerator) -> Element {
    var remaining = generator.below(totalWeight)
    for entry in entries {
      if remaining < entry.weight { return entry.element }
      remaining -= entry.weight
    }
    return entries[entries.count - 1].element
  }
}
