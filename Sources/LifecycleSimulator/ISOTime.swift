/// ISO 8601 UTC text with milliseconds for virtual times, e.g. `2026-03-01T09:00:00.000Z`.
public enum ISOTime {
  /// Formats UNIX milliseconds (proleptic Gregorian calendar, UTC).
  public static func string(_ time: VirtualTime) -> String {
    let days = floorDivide(time, Milliseconds.day)
    let millisOfDay = time - days * Milliseconds.day
    let (year, month, day) = civilDate(fromDays: days)
    let hour = millisOfDay / Milliseconds.hour
    let minute = millisOfDay % Milliseconds.hour / Milliseconds.minute
    let second = millisOfDay % Milliseconds.minute / Milliseconds.second
    let millis = millisOfDay % Milliseconds.second
    return
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
      + ".\(pad(millis, 3))Z"
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC only); nil when the text is not of that form or not a real date.
  public static func parse(_ text: String) -> VirtualTime? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      return value
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }) else { return nil }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var millis: Int64 = 0
    if bytes.count == 24 {
      guard bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) else { return nil }
      millis = fraction
    }
    guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month), hour < 24,
      minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return days * Milliseconds.day + hour * Milliseconds.hour + minute * Milliseconds.minute
      + second * Milliseconds.second + millis
  }

  static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month - 1)]
  }

  /// Days since 1970-01-01 for a civil date (Howard Hinnant's well-known algorithm, restated).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
