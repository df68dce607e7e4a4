import SimulationTime

/// The renewal rate a sandbox tester chose in App Store Connect (SPEC-APPSTORE 6): how long a month lasts.
public enum SandboxRenewalRate: String, Hashable, Sendable, CaseIterable, Codable {
  case threeMinutes = "3m"
  case fiveMinutes = "5m"
  case fifteenMinutes = "15m"
  case thirtyMinutes = "30m"
  case oneHour = "1h"
  /// Periods as long as in production (calendar months): Xcode's "real time" renewal rate of a
  /// `.storekit` file; not a choice App Store Connect offers a sandbox tester.
  case realTime = "real"

  /// The accelerated length of one period (SPEC-APPSTORE 6 table; its starred cells are UNCONFIRMED there).
  /// Real time has no fixed length (months differ): `CommerceState` uses the calendar for it, and
  /// this answers 30-day months.
  public func length(of duration: SubscriptionDuration) -> VirtualDuration {
    guard let months = duration.months else {
      // A week is not a quarter of a month in Apple's table.
      let weekMinutes: [SandboxRenewalRate: Int64] = [
        .threeMinutes: 3, .fiveMinutes: 3, .fifteenMinutes: 5, .thirtyMinutes: 10, .oneHour: 15,
        .realTime: 7 * 24 * 60,
      ]
      // **Assumption:** Apple's table stops at a week; 3 days and 2 weeks (free trials) scale from it.
      return weekMinutes[self]! * Milliseconds.minute * Int64(duration.days!) / 7
    }
    let minutes = monthMinutes * Int64(months)
    return minutes * Milliseconds.minute
  }

  /// Minutes in one accelerated month; longer periods are whole multiples of it in the table.
  public var monthMinutes: Int64 {
    switch self {
    case .threeMinutes: return 3
    case .fiveMinutes: return 5
    case .fifteenMinutes: return 15
    case .thirtyMinutes: return 30
    case .oneHour: return 60
    case .realTime: return 30 * 24 * 60
    }
  }

  /// Production time divided by sandbox time: a 30-day month lasts `monthMinutes`.
  /// Used to shorten grace period and billing retry, whose sandbox lengths Apple does not state.
  public var speedUp: Int64 { 30 * Milliseconds.day / (monthMinutes * Milliseconds.minute) }
}
