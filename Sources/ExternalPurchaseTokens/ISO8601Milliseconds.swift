/// ISO 8601 UTC timestamps with milliseconds (`2026-03-01T09:00:00.000Z`) for UNIX-ms dates.
///
/// Tokens and reports carry dates as UNIX milliseconds; people read them in this form.
/// The conversion is plain calendar arithmetic on the proleptic Gregorian calendar, so it
/// is fast, needs no Foundation and never touches time zones.
public enum ISO8601Milliseconds {
  private static let millisecondsPerDay: Int64 = 86_400_000

  /// `milliseconds` as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  ///
  /// Years outside 0000...9999 (only reachable with absurd inputs) get a sign and as many
  /// digits as they need, ISO 8601's expanded form, so every Int64 formats without trapping.
  public static func string(fromMilliseconds milliseconds: Int64) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(24)
    append(milliseconds, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends `milliseconds` as `string(fromMilliseconds:)` writes it, for byte-buffer output.
  public static func append(_ milliseconds: Int64, to text: inout [UInt8]) {
    // Floor division without forming days * millisecondsPerDay, which overflows near Int64.min.
    var days = milliseconds / millisecondsPerDay
    var remainder = milliseconds % millisecondsPerDay
    if remainder < 0 {
      remainder += millisecondsPerDay
      days -= 1
    }
    let date = CivilDate(daysSinceEpoch: days)
    if date.year < 0 {
      text.append(UInt8(ascii: "-"))
    } else if date.year > 9999 {
      text.append(UInt8(ascii: "+"))
    }
    append(date.year.magnitude, width: 4, to: &text)
    text.append(UInt8(ascii: "-"))
    append(UInt64(date.month), width: 2, to: &text)
    text.append(UInt8(ascii: "-"))
    append(UInt64(date.day), width: 2, to: &text)
    text.append(UInt8(ascii: "T"))
    let millisecondOfDay = UInt64(remainder)
    append(millisecondOfDay / 3_600_000, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    append(millisecondOfDay / 60_000 % 60, width: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    append(millisecondOfDay / 1000 % 60, width: 2, to: &text)
    text.append(UInt8(ascii: "."))
    append(millisecondOfDay % 1000, width: 3, to: &text)
    text.append(UInt8(ascii: "Z"))
  }

  /// The UNIX milliseconds of `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS.fffZ`.
  ///
  /// The fraction may have one to three digits (`.5Z` is 500 ms). Only UTC (`Z`) is
  /// accepted, with a four-digit year; anything else, including impossible dates such as
  /// February 30 or hour 24, gives `nil`.
  public static func milliseconds(from text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
    let separators: [(Int, UInt8)] = [
      (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")),
      (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":")),
    ]
    guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
      let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
      let hour = number(bytes, 11..<13), let minute = number(bytes, 14..<16),
      let second = number(bytes, 17..<19)
    else { return nil }
    var millisecond: Int64 = 0
    if bytes.count > 20 {
      let digits = bytes.count - 21
      guard bytes[19] == UInt8(ascii: "."), (1...3).contains(digits),
        let fraction = number(bytes, 20..<(20 + digits))
      else { return nil }
      millisecond = fraction * [100, 10, 1][digits - 1]
    }
    guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
    return days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
  }

  private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
    var value: Int64 = 0
    for byte in bytes[range] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func append(_ value: UInt64, width: Int, to text: inout [UInt8]) {
    var digits: [UInt8] = []
    var rest = value
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    if digits.count < width {
      text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count))
    }
    text.append(contentsOf: digits.reversed())
  }
}
