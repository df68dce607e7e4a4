import LifecycleSimulator

/// Each customer's token indexes, kept in step with the world incrementally so that no frame
/// has to filter every token of the world.
///
/// The engine only ever appends tokens, and history moves (undo, rewind) only cut the list
/// short, so the index is exact if it is cut back to the shortest list seen since the last
/// sync and then extended: `sync(with:validPrefix:)`.
struct TokenIndex: Hashable, Sendable {
  /// How many of the world's tokens are indexed.
  private(set) var indexedCount = 0
  private(set) var byCustomer: [String: [Int]] = [:]

  /// Brings the index up to `tokens`, trusting only the first `validPrefix` indexed tokens.
  /// Returns the customers whose lists changed.
  @discardableResult
  mutating func sync(with tokens: [IssuedToken], validPrefix: Int) -> Set<String> {
    var changed = Set<String>()
    let keep = min(validPrefix, indexedCount, tokens.count)
    if keep < indexedCount {
      for (customer, list) in byCustomer where (list.last ?? -1) >= keep {
        // Token indexes are ascending: cut at the first index past the valid prefix.
        byCustomer[customer] = Array(list[..<Self.firstIndex(in: list, atLeast: keep)])
        changed.insert(customer)
      }
      indexedCount = keep
    }
    for index in indexedCount..<tokens.count {
      byCustomer[tokens[index].customerId, default: []].append(index)
      changed.insert(tokens[index].customerId)
    }
    indexedCount = tokens.count
    return changed
  }

  /// The customer's token indexes, oldest first.
  func tokens(of customerId: String) -> [Int] {
    byCustomer[customerId] ?? []
  }

  /// Binary search: the position of the first element >= `value` in an ascending list.
  static func firstIndex(in list: [Int], atLeast value: Int) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
