import HeapModule
import SimulationTime

/// The chains' due times, earliest first, so a clock jump visits due chains in time order without
/// scanning all. Entries are never removed early: one whose time no longer matches its chain's
/// `nextDue` is skipped.
struct DueQueue: Hashable, Sendable {
  /// A chain due at a time; ordered by time, then chain, so ties always pop in the same order.
  struct Entry: Hashable, Sendable, Comparable {
    var time: VirtualTime
    var chain: Int32

    static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.time, lhs.chain) < (rhs.time, rhs.chain) }
  }

  private var heap = Heap<Entry>()

  var first: Entry? { heap.min }

  mutating func push(_ entry: Entry) { heap.insert(entry) }

  mutating func popFirst() -> Entry? { heap.popMin() }

  // `Heap` is not Equatable; the same pushes and pops leave the same storage, which is what the
  // commerce state's equality compared before (the hand-written heap's array).
  static func == (lhs: DueQueue, rhs: DueQueue) -> Bool { lhs.heap.unordered == rhs.heap.unordered }

  func hash(into hasher: inout Hasher) { hasher.combine(heap.unordered) }
}
