/// Splits a row's columns among side-by-side panes by what they hold, so that nothing is cut
/// in one pane while another has columns to spare.
enum ColumnShare {
  /// One pane's claim: `whole` columns keep its content uncut, `floor` is the least it gets
  /// when the wholes do not all fit.
  struct Claim {
    var whole: Int
    var floor: Int
  }

  /// Widths for `claims`, in order, summing to `total`. When every whole fits, each pane gets
  /// its whole, then `growth` hands out what is left, step by step, each pane up to the width
  /// the step names; the last pane gets whatever remains. When the wholes do not fit, each pane
  /// but the last gets its share of `total` in proportion to its whole (never below its floor)
  /// and the last gets the rest, so every pane loses about the same part of its content.
  static func split(_ total: Int, _ claims: [Claim], growth: [(pane: Int, upTo: Int)] = []) -> [Int] {
    guard !claims.isEmpty else { return [] }
    let wanted = claims.reduce(0) { $0 + $1.whole }
    var widths: [Int]
    if wanted <= total {
      widths = claims.map(\.whole)
      var spare = total - wanted
      for step in growth where spare > 0 {
        let more = min(spare, max(0, step.upTo - widths[step.pane]))
        widths[step.pane] += more
        spare -= more
      }
    } else {
      widths = claims.map { max($0.floor, $0.whole * total / max(1, wanted)) }
    }
    widths[widths.count - 1] = total - widths.dropLast().reduce(0, +)
    return widths
  }
}
