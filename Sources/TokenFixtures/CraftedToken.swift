import ExternalPurchaseTokens

/// One token string crafted to test decoders, with the verdict epsim's lenient decoder reaches on it.
public struct CraftedToken: Hashable, Sendable {
  /// Whether a decoder must accept or reject a crafted token.
  public enum Verdict: String, CaseIterable, Hashable, Sendable {
    case accept
    case reject
  }

  /// Stable kebab-case identifier, unique in the table (field names keep their JSON spelling).
  public let label: String
  /// The family of defects or quirks the row belongs to.
  public let category: CraftCategory
  /// What the token breaks, or which quirk it carries, in one sentence.
  public let description: String
  /// The token string exactly as a backend would receive it.
  public let token: String
  /// The token a decoder must produce; `nil` when it must reject the string.
  ///
  /// Accepting is not enough: a decoder that rounds integers beyond 2^53 accepts those rows
  /// and still reads the wrong numbers, which only a comparison with this value shows.
  public let expected: ExternalPurchaseToken?

  /// Accept exactly when there is an expected token; one source of truth for both.
  public var verdict: Verdict { expected == nil ? .reject : .accept }

  static func accept(
    _ label: String, _ category: CraftCategory, _ description: String, token: String,
    expected: ExternalPurchaseToken
  ) -> CraftedToken {
    CraftedToken(label: label, category: category, description: description, token: token, expected: expected)
  }

  static func reject(
    _ label: String, _ category: CraftCategory, _ description: String, token: String
  ) -> CraftedToken {
    CraftedToken(label: label, category: category, description: description, token: token, expected: nil)
  }
}
