/// Reads and writes durations the way people type them: `1h`, `59m59.999s`, `1ms`, `2d12h`.
public enum DurationText {
  /// Why a duration could not be read; `offset` is the character index in the text.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { message }
  }

  static let units: [(suffix: String, milliseconds: Int64)] = [
    ("ms", 1), ("d", Milliseconds.day), ("h", Milliseconds.hour), ("m", Milliseconds.minute),
    ("s", Milliseconds.second),
  ]

  /// Parses a non-negative duration made of `<number><unit>` parts, units `d h m s ms`.
  /// Decimals are allowed as long as the total is a whole number of milliseconds.
  public static func parse(_ text: String) throws(ParseError) -> VirtualDuration {
    let characters = Array(text)
    guard !characters.isEmpty else {
      throw ParseError(offset: 0, message: "expected a duration such as 1h, 30m, 59m59.999s or 1ms")
    }
    var index = 0
    var total: Int64 = 0
    while index < characters.count {
      let numberStart = index
      var digits = ""
      while index < characters.count, characters[index].isASCII,
        characters[index].isNumber || characters[index] == "."
      {
        digits.append(characters[index])
        index += 1
      }
      guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits != "." else {
        throw ParseError(
          offset: numberStart, message: "expected a number at '\(String(characters[numberStart...]))'")
      }
      let unitStart = index
      var unit: (suffix: String, milliseconds: Int64)?
      for candidate in units where characters[index...].starts(with: candidate.suffix) {
        unit = candidate
        index += candidate.suffix.count
        break
      }
      guard let unit else {
        throw ParseError(offset: unitStart, message: "expected a unit (d, h, m, s or ms) after '\(digits)'")
      }
      guard let part = milliseconds(of: digits, unit: unit.milliseconds) else {
        throw ParseError(
          offset: numberStart,
          message: "'\(digits)\(unit.suffix)' is not a whole number of milliseconds or is too large")
      }
      let (sum, overflow) = total.addingReportingOverflow(part)
      guard !overflow else { throw ParseError(offset: numberStart, message: "duration is too large") }
      total = sum
    }
    return total
  }

  /// Exact decimal arithmetic: `digits` (maybe with one '.') times `unit` ms, nil unless whole.
  static func milliseconds(of digits: String, unit: Int64) -> Int64? {
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts[0].isEmpty ? 0 : Int64(parts[0])
    guard let whole else { return nil }
    let (wholeMs, overflow) = whole.multipliedReportingOverflow(by: unit)
    guard !overflow else { return nil }
    guard parts.count == 2, !parts[1].isEmpty else { return parts.count == 2 ? nil : wholeMs }
    let fraction = parts[1]
    guard fraction.count <= 18, let numerator = Int64(fraction) else { return nil }
    var denominator: Int64 = 1
    for _ in 0..<fraction.count { denominator *= 10 }
    let (scaled, overflow2) = numerator.multipliedReportingOverflow(by: unit)
    guard !overflow2, scaled % denominator == 0 else { return nil }
    return wholeMs + scaled / denominator
  }

  /// A compact, exact rendering: `1h`, `59m59.999s`, `365d`, `0ms`. Negative values get a leading `-`.
  public static func format(_ duration: VirtualDuration) -> String {
    if duration == 0 { return "0ms" }
    if duration < 0 { return "-" + format(duration == .min ? .max : -duration) }
    var rest = duration
    var text = ""
    for (suffix, size) in [("d", Milliseconds.day), ("h", Milliseconds.hour), ("m", Milliseconds.minute)] {
      if rest >= size {
        text += "\(rest / size)\(suffix)"
        rest %= size
      }
    }
    let seconds = rest / Milliseconds.second
    let millis = rest % Milliseconds.second
    if millis == 0 {
      if seconds > 0 { text += "\(seconds)s" }
    } else if seconds == 0 && text.isEmpty {
      text += "\(millis)ms"
    } else {
      let padded = String(millis + 1000).dropFirst()
      var fraction = String(padded)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "\(seconds).\(fraction)s"
    }
    return text
  }
}
