/// The glyphs used for lines, boxes and bars: Unicode box drawing, or plain ASCII for
/// terminals whose locale is not UTF-8 (the terminal backend detects which one applies).
public enum LineStyle: Hashable, Sendable {
  case unicode
  case ascii

  public var horizontal: Character { self == .unicode ? "─" : "-" }
  public var vertical: Character { self == .unicode ? "│" : "|" }
  public var topLeft: Character { self == .unicode ? "┌" : "+" }
  public var topRight: Character { self == .unicode ? "┐" : "+" }
  public var bottomLeft: Character { self == .unicode ? "└" : "+" }
  public var bottomRight: Character { self == .unicode ? "┘" : "+" }
  /// The filled part of a bar.
  public var barFilled: Character { self == .unicode ? "█" : "#" }
  /// The empty part of a bar.
  public var barEmpty: Character { self == .unicode ? "░" : "-" }
  /// What marks text cut short, see `DisplayWidth.truncated(_:toWidth:ellipsis:)`.
  public var ellipsis: String { self == .unicode ? "…" : "~" }

  /// A progress bar `width` columns wide, filled by `fraction` (clamped to 0...1; NaN is 0).
  ///
  /// The filled length is rounded down, so the bar looks full only when the work is done.
  public func bar(fraction: Double, width: Int) -> String {
    let width = max(0, width)
    let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
    let filled = Int(clamped * Double(width))  // rounds down for values >= 0
    return String(repeating: barFilled, count: filled) + String(repeating: barEmpty, count: width - filled)
  }
}
