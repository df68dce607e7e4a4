/// A row of the tokens pane: a custom link period's header, or one token.
///
/// A customer's rows are their periods in order, each followed by its tokens (original first,
/// then refreshes), with plain tokens (notice sheet, link-out) as rows of their own.
public enum TokenRow: Hashable, Sendable {
  /// Index into `WorldState.periods`.
  case period(Int)
  /// Index into `WorldState.tokens`.
  case token(Int)
}
