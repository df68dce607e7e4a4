/// How much of a rectangle one part of a split gets (see `Rect.rows(_:)` and `Rect.columns(_:)`).
public enum LayoutSize: Hashable, Sendable {
  /// Exactly this many cells (less when the rectangle runs out).
  case fixed(Int)
  /// This share of the whole length, rounded down; 0.5 is half.
  case fraction(Double)
  /// An equal share of what the fixed and fractional parts leave over.
  case fill
}
