/// What `epsim generate` writes for each token.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
  /// One JSON object a line: the token, its decoded fields and its context.
  case jsonl
  /// The raw token strings only, one a line.
  case tokens
}
