import LifecycleSimulator

/// The filter `/` sets: the text the token list and the log are filtered by, and the tokens whose
/// externalPurchaseId contains it, which `n` and `N` step through.
struct SearchFilter: Hashable, Sendable {
  /// The filter in force; empty: none.
  private(set) var query = ""
  /// Indexes of the matching tokens, ascending.
  private(set) var matches: [Int] = []

  /// Puts `query` in force and finds its matches in `tokens`; returns the first match at or
  /// after `current` (wrapping to the first), nil when nothing matches.
  mutating func submit(_ query: String, in tokens: [IssuedToken], from current: Int?) -> Int? {
    self.query = query
    matches = TokenSearch.matches(of: query, in: tokens)
    return matches.first(where: { $0 >= (current ?? 0) }) ?? matches.first
  }

  /// The next (`direction` > 0) or previous match after `current`, wrapping around; nil when
  /// nothing matches. Matches the world no longer has (`tokenCount` cut by undo) are dropped first.
  mutating func step(by direction: Int, from current: Int?, tokenCount: Int) -> Int? {
    matches = matches.filter { $0 < tokenCount }
    guard let first = matches.first, let last = matches.last else { return nil }
    let current = current ?? -1
    return direction > 0 ? matches.first { $0 > current } ?? first : matches.last { $0 < current } ?? last
  }

  /// The 1-based place of `token` among the matches, 0 when it is not one.
  func place(of token: Int?) -> Int {
    token.flatMap { matches.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
  }

  /// Drops the matches (a new world has other tokens); the query stays in force.
  mutating func forgetMatches() {
    matches = []
  }
}
