import LifecycleSimulator

/// The rows of one customer's tokens pane, grouped by period, with a map back from token to row.
struct TokenRows: Hashable, Sendable {
  var customerId: String?
  var rows: [TokenRow] = []
  /// Row of each token index shown.
  var rowOfToken: [Int: Int] = [:]

  init() {}

  /// Which tokens a list shows: one customer's or (nil) everyone's, and the filter text.
  struct Key: Hashable, Sendable {
    var customerId: String?
    var filter: String
  }

  /// The newest token shown, the selection when nothing else is.
  var newestToken: Int? { rowOfToken.keys.max() }

  /// Groups `tokenIndexes` (ascending) by period: a period's header comes where its first
  /// token was issued, and every later token of the period (a refresh) joins it there.
  init(customerId: String, tokenIndexes: [Int], world: WorldState) {
    self.customerId = customerId
    var groups: [[TokenRow]] = []
    var groupOfPeriod: [Int: Int] = [:]
    for index in tokenIndexes {
      if let periodId = world.tokens[index].periodId {
        if let group = groupOfPeriod[periodId] {
          groups[group].append(.token(index))
        } else {
          groupOfPeriod[periodId] = groups.count
          groups.append([.period(periodId), .token(index)])
        }
      } else {
        groups.append([.token(index)])
      }
    }
    rows = groups.flatMap { $0 }
    rowOfToken.reserveCapacity(tokenIndexes.count)
    for (row, item) in rows.enumerated() {
      if case .token(let index) = item { rowOfToken[index] = row }
    }
  }

  /// The token shown on `row`, or nil for a period header or a row out of range.
  func token(atRow row: Int) -> Int? {
    guard rows.indices.contains(row), case .token(let index) = rows[row] else { return nil }
    return index
  }

  /// The nearest token row from `row` in `direction` (+1 down, -1 up), including `row` itself.
  func tokenRow(from row: Int, direction: Int) -> Int? {
    var candidate = row
    while rows.indices.contains(candidate) {
      if token(atRow: candidate) != nil { return candidate }
      candidate += direction
    }
    return nil
  }
}
