/// How fast the virtual clock runs while playing: real milliseconds times this factor.
public enum PlayRate: Int64, CaseIterable, Hashable, Sendable {
  case realTime = 1
  case minutePerSecond = 60
  case hourPerSecond = 3600

  /// "1x", "60x", "3600x".
  public var label: String { "\(rawValue)x" }

  /// The next faster rate, or this one when it is the fastest.
  var faster: PlayRate {
    PlayRate.allCases.first { $0.rawValue > rawValue } ?? self
  }

  /// The next slower rate, or this one when it is the slowest.
  var slower: PlayRate {
    PlayRate.allCases.last { $0.rawValue < rawValue } ?? self
  }
}
