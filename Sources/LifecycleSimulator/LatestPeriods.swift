import ExternalPurchaseTokens

/// The newest period of each customer and type, for `LivePeriodNote`.
///
/// A short list while there are few keys, a dictionary beyond: a generated customer's world has
/// one customer and at most four keys, where hashing the customer id on every period started
/// cost more than the period itself (issue 26); a long session with thousands of customers
/// still finds a key in constant time.
struct LatestPeriods: Sendable {
  /// The keys a list holds before it becomes a dictionary: a scan of this many is cheaper than a hash.
  static let listLimit = 8

  private var list: [(key: Key, index: Int)] = []
  private var dictionary: [Key: Int]?

  /// A customer and a token type.
  struct Key: Hashable, Sendable {
    var customerId: String
    var type: CustomLinkTokenType
  }

  /// Room for `count` keys while they fit the list, so that a small world's first periods do
  /// not grow it step by step.
  mutating func reserveCapacity(_ count: Int) {
    if dictionary == nil { list.reserveCapacity(min(count, Self.listLimit)) }
  }

  subscript(key: Key) -> Int? {
    get {
      if let dictionary { return dictionary[key] }
      // Types first: an enum compares in one instruction, the id only when the type matches.
      return list.first { $0.key.type == key.type && $0.key.customerId == key.customerId }?.index
    }
    set {
      guard let newValue else { preconditionFailure("LatestPeriods only records periods") }
      if dictionary != nil {
        dictionary![key] = newValue
      } else if let position = list.firstIndex(where: {
        $0.key.type == key.type && $0.key.customerId == key.customerId
      }) {
        list[position].index = newValue
      } else if list.count < Self.listLimit {
        list.append((key, newValue))
      } else {
        var grown = Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0.index) })
        grown[key] = newValue
        dictionary = grown
        list = []
      }
    }
  }
}
