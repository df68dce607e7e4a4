import SimulationTime

/// Calendar arithmetic on UTC milliseconds without Foundation: production renewals add real months,
/// and a year of 100,000 subscribers must not pay for `Calendar`.
enum CalendarMath {
  /// `time` plus `months` calendar months in UTC; a day missing in the target month becomes its last day.
  /// **Assumption:** Apple bills on the same day of the month; the clamp follows common practice.
  static func adding(months: Int, to time: VirtualTime) -> VirtualTime {
    let dayLength = Milliseconds.day
    let days = floorDiv(time, dayLength)
    let timeOfDay = time - days * dayLength
    let (year, month, day) = civil(fromDays: days)
    let monthIndex = year * 12 + (month - 1) + Int64(months)
    let newYear = floorDiv(monthIndex, 12)
    let newMonth = monthIndex - newYear * 12 + 1
    let newDay = min(day, daysIn(month: newMonth, year: newYear))
    return daysFromCivil(year: newYear, month: newMonth, day: newDay) * dayLength + timeOfDay
  }

  /// The end of one period starting at `start`.
  static func end(of duration: SubscriptionDuration, from start: VirtualTime) -> VirtualTime {
    guard let months = duration.months else { return start + Int64(duration.days!) * Milliseconds.day }
    return adding(months: months, to: start)
  }

  private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's days-from-civil algorithm (public domain), re-derived for Int64.
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
