import TextFrame

/// Hands out curses colour pair numbers for foreground and background combinations, on first use.
///
/// Pair 0 is the terminal's default colours and cannot be changed. Terminals have a limited
/// number of pairs (64 for tmux's `screen`); combinations beyond it fall back to pair 0.
struct ColorPairs {
  private struct Combination: Hashable {
    var foreground: Color
    var background: Color
  }

  let limit: Int
  private var numbers: [Combination: Int16] = [:]

  init(limit: Int) {
    self.limit = limit
  }

  /// The pair for the combination, and whether it is new (and so must be defined with `init_pair`).
  mutating func pair(foreground: Color, background: Color) -> (number: Int16, isNew: Bool) {
    if foreground == .default, background == .default { return (0, false) }
    let combination = Combination(foreground: foreground, background: background)
    if let number = numbers[combination] { return (number, false) }
    let next = numbers.count + 1
    guard next < limit, next <= Int(Int16.max) else { return (0, false) }
    numbers[combination] = Int16(next)
    return (Int16(next), true)
  }
}
