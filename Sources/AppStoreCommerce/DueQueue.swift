import SimulationTime

/// A min-heap of (time, chain) so a clock jump visits due chains in time order without scanning all.
/// Entries are never removed early: one whose time no longer matches its chain's `nextDue` is skipped.
struct DueQueue: Hashable, Sendable {
  struct Entry: Hashable, Sendable {
    var time: VirtualTime
    var chain: Int32

    func precedes(_ other: Entry) -> Bool { (time, chain) < (other.time, other.chain) }
  }

  private(set) var entries: [Entry] = []

  var first: Entry? { entries.first }

  mutating func push(_ entry: Entry) {
    entries.append(entry)
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popFirst() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < entries.count && entries[left].precedes(entries[smallest]) { smallest = left }
      if right < entries.count && entries[right].precedes(entries[smallest]) { smallest = right }
      if smallest == parent { break }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
