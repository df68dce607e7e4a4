/// Whether a `token(for:)` request inside an active period returns the period's current token
/// or a refreshed one (same dates, new id). Apple decides silently; epsim makes it a choice (SPEC 10).
public enum RefreshPolicy: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Always the same token.
  case never
  /// A refreshed token on every request after the one that started the period.
  case always
  /// A refreshed token on every Nth request within a period (counting all requests of that period).
  case everyNth(Int)
  /// A refreshed token with this probability, drawn from the world's seeded generator.
  case probability(Double)

  public var description: String {
    switch self {
    case .never: return "never"
    case .always: return "always"
    case .everyNth(let n): return "every \(n)"
    case .probability(let p): return "probability \(p)"
    }
  }
}
