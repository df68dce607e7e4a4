import AppStoreCommerce

/// Xcode's `_timeRate` numbers (`SKTestSession.TimeRate` raw values, SPEC-STOREKIT-CONFIG 1.2) and
/// the sandbox renewal rates that last the same.
public enum StoreKitTimeRate {
  /// Rates with an equal in epsim: the month-based rates whose month and week match App Store
  /// Connect's sandbox table (SPEC-APPSTORE 6), and real time.
  static let equals: [Int: SandboxRenewalRate] = [
    0: .realTime, 10: .oneHour, 11: .thirtyMinutes, 12: .fifteenMinutes, 13: .fiveMinutes,
  ]

  /// The rates the digest names but epsim cannot run, with Xcode's name for each.
  static let named: [Int: String] = [
    1: "oneHourIsOneDay", 2: "thirtyMinutesIsOneDay", 3: "fiveMinutesIsOneDay", 4: "oneMinuteIsOneDay",
    5: "thirtySecondsIsOneDay", 6: "oneSecondIsOneDay", 15: "monthlyRenewalEveryThirtySeconds",
    1000: "oneRenewalEveryFifteenMinutes", 1001: "oneRenewalEveryFiveMinutes", 1002: "oneRenewalEveryMinute",
    1003: "oneRenewalEveryThirtySeconds", 1004: "oneRenewalEveryTenSeconds",
    1005: "oneRenewalEveryTwoSeconds",
  ]

  /// epsim's rate for a `_timeRate` value, nil when it has none.
  public static func rate(for value: Int) -> SandboxRenewalRate? { equals[value] }

  /// The `_timeRate` that stands for a rate, nil for a rate Xcode has no equal of (3 minutes).
  public static func value(for rate: SandboxRenewalRate) -> Int? {
    equals.first { $0.value == rate }?.key
  }

  /// The warning for a value epsim reads as real time, nil for a value it runs.
  static func warning(for value: Int) -> String? {
    guard equals[value] == nil else { return nil }
    let what = named[value].map { "Xcode's \($0), which epsim cannot run" } ?? "not a rate the digest knows"
    return "settings._timeRate \(value) is \(what): read as real time (0)"
  }
}
