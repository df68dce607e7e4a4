/// The arithmetic every scrolling list shares: how far a move key goes, clamping a row to the
/// list, and the smallest scroll that keeps a row on screen.
enum ListPosition {
  /// How far a move goes: one row, a page of the list, or to either end.
  static func distance(of action: Action, page: Int) -> Int {
    switch action {
    case .moveDown: return 1
    case .moveUp: return -1
    case .pageDown: return max(1, page)
    case .pageUp: return -max(1, page)
    case .moveToTop: return Int.min / 2
    case .moveToBottom: return Int.max / 2
    default: return 0
    }
  }

  /// `value` limited to valid indexes of a collection with `count` elements.
  static func clamp(_ value: Int, to count: Int) -> Int {
    min(max(0, value), max(0, count - 1))
  }

  /// The smallest change to `scroll` that shows `row` in a window of `visible` rows.
  static func scroll(_ scroll: Int, keeping row: Int?, visible: Int, count: Int) -> Int {
    var result = min(scroll, max(0, count - visible))
    if let row, visible > 0 {
      if row < result { result = row }
      if row >= result + visible { result = row - visible + 1 }
    }
    return max(0, result)
  }
}

extension Int {
  /// Addition that saturates instead of trapping, for "move to the end" style deltas.
  func addingClamped(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? Int.max : Int.min) : sum
  }
}
