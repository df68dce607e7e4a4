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
    String(unsafeUninitializedCapacity: maximumLength) { write(milliseconds, into: $0) }
  }

  /// Appends `milliseconds` as `string(fromMilliseconds:)` writes it, for byte-buffer output.
  public static func append(_ milliseconds: Int64, to text: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      text.append(contentsOf: buffer[..<write(milliseconds, into: buffer)])
    }
  }

  /// The longest text: a sign, the nine-digit years of Int64.min or max, and 20 more characters.
  private static let maximumLength = 32

  /// Writes the text into `buffer` (at least `maximumLength` bytes) and returns its length. Into a
  /// fixed buffer, not an array: transcripts format several timestamps a line.
  private static func write(_ milliseconds: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    // Floor division without forming days * millisecondsPerDay, which overflows near Int64.min.
    var days = milliseconds / millisecondsPerDay
    var remainder = milliseconds % millisecondsPerDay
    if remainder < 0 {
      remainder += millisecondsPerDay
      days -= 1
    }
    let date = CivilDate(daysSinceEpoch: days)
    var count = 0
    func put(_ byte: UInt8) {
      buffer[count] = byte
      count += 1
    }
    /// `value` in decimal, zero-padded to `width` digits.
    func put(_ value: UInt64, width: Int) {
      var divisor: UInt64 = 1
      var digits = 1
      // Cannot overflow: the loop stops once `value / divisor` is a single digit.
      while digits < width || value / divisor >= 10 {
        divisor *= 10
        digits += 1
      }
      var rest = value
      while divisor > 0 {
        put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    if date.year < 0 {
      put(UInt8(ascii: "-"))
    } else if date.year > 9999 {
      put(UInt8(ascii: "+"))
    }
    put(date.year.magnitude, width: 4)
    put(UInt8(ascii: "-"))
    put(UInt64(date.month), width: 2)
    put(UInt8(ascii: "-"))
    put(UInt64(date.day), width: 2)
    put(UInt8(ascii: "T"))
    let millisecondOfDay = UInt64(remainder)
    put(millisecondOfDay / 3_600_000, width: 2)
    put(UInt8(ascii: ":"))
    put(millisecondOfDay / 60_000 % 60, width: 2)
    put(UInt8(ascii: ":"))
    put(millisecondOfDay / 1000 % 60, width: 2)
    put(UInt8(ascii: "."))
    put(millisecondOfDay % 1000, width: 3)
    put(UInt8(ascii: "Z"))
    return count
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

  /// Why `text`, which has the shape of a UTC time (`YYYY-MM-DDTHH:MM:SS[.mmm]Z` or the date
  /// `YYYY-MM-DD` alone), names no moment: "February 2026 has 28 days", "there is no month 13".
  /// Nil when the text is a moment or has another shape (then only a format error fits).
  public static func rangeProblem(in text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10)
    else { return nil }
    guard (1...12).contains(month) else { return "there is no month \(month)" }
    let days = CivilDate.daysIn(month: month, year: year)
    guard (1...days).contains(day) else {
      return day == 0 ? "there is no day 0" : "\(monthNames[Int(month) - 1]) \(year) has \(days) days"
    }
    guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), let hour = number(bytes, 11..<13), let minute = number(bytes, 14..<16),
      let second = number(bytes, 17..<19)
    else { return nil }
    if hour > 23 { return "there is no hour \(hour) (00 to 23)" }
    if minute > 59 { return "there is no minute \(minute) (00 to 59)" }
    if second > 59 { return "there is no second \(second) (00 to 59; no leap seconds)" }
    return nil
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
    var value: Int64 = 0
    for byte in bytes[range] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
