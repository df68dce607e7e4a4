import ExternalPurchaseTokens

/// ISO 8601 UTC text with milliseconds for virtual times, e.g. `2026-03-01T09:00:00.000Z`.
///
/// The engine's name for the codec's `ISO8601Milliseconds`, so there is one calendar
/// implementation in the project and the engine reads in its own vocabulary.
public enum ISOTime {
  /// Formats UNIX milliseconds (proleptic Gregorian calendar, UTC).
  public static func string(_ time: VirtualTime) -> String {
    ISO8601Milliseconds.string(fromMilliseconds: time)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.f|.ff|.fff]Z` (UTC only); nil when the text is not of that
  /// form or not a real date.
  public static func parse(_ text: String) -> VirtualTime? {
    ISO8601Milliseconds.milliseconds(from: text)
  }

  /// Why a text shaped like a UTC time names no moment ("February 2026 has 28 days"), for every
  /// door's error; nil when it is a moment or not shaped like one.
  public static func problem(_ text: String) -> String? {
    ISO8601Milliseconds.rangeProblem(in: text)
  }
}
