/// A date of the proleptic Gregorian calendar, converted to and from days since 1970-01-01.
///
/// The conversion counts in 400-year eras (146,097 days each), which repeat exactly,
/// and starts each year in March so the leap day falls at the end of the year.
struct CivilDate: Hashable {
  var year: Int64
  var month: Int64
  var day: Int64

  init(year: Int64, month: Int64, day: Int64) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days from 0000-03-01 to 1970-01-01.
  private static let epochOffset: Int64 = 719_468
  private static let daysPerEra: Int64 = 146_097

  init(daysSinceEpoch days: Int64) {
    let shifted = days + Self.epochOffset
    let era = (shifted >= 0 ? shifted : shifted - (Self.daysPerEra - 1)) / Self.daysPerEra
    let dayOfEra = shifted - era * Self.daysPerEra
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let marchMonth = (5 * dayOfYear + 2) / 153  // 0 is March, 11 is February
    day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
    month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  var daysSinceEpoch: Int64 {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * Self.daysPerEra + dayOfEra - Self.epochOffset
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
