/// Reads and writes durations the way people type them: `1h`, `59m59.999s`, `1ms`, `2d12h`.
public enum DurationText {
  /// Why a duration could not be read; `offset` is the character index in the text.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    /// The duration the text most likely meant, written the accepted way (`30days` → `30d`).
    public var suggestion: String?
    public var description: String { message + (suggestion.map { "; did you mean '\($0)'?" } ?? "") }
  }

  /// The forms `parse` accepts, for messages.
  public static let acceptedForms =
    "numbers each followed by a unit (d, h, m, s or ms), without spaces, such as 30d, 1h30m or 59m59.999s"

  static let units: [(suffix: String, milliseconds: Int64)] = [
    ("ms", 1), ("d", Milliseconds.day), ("h", Milliseconds.hour), ("m", Milliseconds.minute),
    ("s", Milliseconds.second),
  ]

  /// Parses a non-negative duration made of `<number><unit>` parts, units `d h m s ms`.
  /// Decimals are allowed as long as the total is a whole number of milliseconds.
  /// A duration longer than the clock's whole range (`StepLimits.duration`) is refused here, so
  /// no door can hand the engine a span whose sum with a time overflows.
  public static func parse(_ text: String) throws(ParseError) -> VirtualDuration {
    if let duration = wholeUnits(text), StepLimits.duration.range.contains(duration) { return duration }
    let duration = try parseCharacters(text)
    guard StepLimits.duration.range.contains(duration) else {
      throw ParseError(
        offset: 0, message: "\(TypedValue.quoted(text)) is too long: expected \(StepLimits.duration.expected)"
      )
    }
    return duration
  }

  /// The common form, whole numbers each with a unit (`10m`, `1h30m`), read from the UTF-8 bytes
  /// without making a Character each: scenarios hold thousands of `advance` lines. Anything else
  /// (a fraction, a mistake, an overflow) gives nil, and `parseCharacters` reads it, giving the
  /// same value or the error with its offset; the tests hold the two paths to the same answers.
  static func wholeUnits(_ text: String) -> VirtualDuration? {
    var text = text
    return text.withUTF8 { bytes -> VirtualDuration? in
      guard !bytes.isEmpty else { return nil }
      var index = 0
      var total: Int64 = 0
      while index < bytes.count {
        let numberStart = index
        var value: Int64 = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
          let (sum, overflowAgain) = tens.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
          guard !overflow, !overflowAgain else { return nil }
          value = sum
          index += 1
        }
        let unitStart = index
        while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
          (bytes[index] | 0x20) <= UInt8(ascii: "z")
        {
          index += 1
        }
        guard index > unitStart, unitStart > numberStart,
          let unit = units.first(where: { $0.suffix.utf8.elementsEqual(bytes[unitStart..<index]) })
        else { return nil }
        let (part, overflow) = value.multipliedReportingOverflow(by: unit.milliseconds)
        let (sum, overflowAgain) = total.addingReportingOverflow(part)
        guard !overflow, !overflowAgain else { return nil }
        total = sum
      }
      return total
    }
  }

  /// `parse`, one Character at a time: every form, and the errors.
  static func parseCharacters(_ text: String) throws(ParseError) -> VirtualDuration {
    let characters = Array(text)
    guard !characters.isEmpty else {
      throw ParseError(offset: 0, message: "expected a duration: " + acceptedForms)
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
          offset: numberStart,
          message: "expected a number at \(TypedValue.quoted(String(characters[numberStart...])))",
          suggestion: suggestion(for: text))
      }
      // The unit is the whole run of letters, so `30days` is read as the unit 'days', not 'd'.
      let unitStart = index
      var letters = ""
      while index < characters.count, characters[index].isASCII, characters[index].isLetter {
        letters.append(characters[index])
        index += 1
      }
      guard let unit = units.first(where: { $0.suffix == letters }) else {
        // The examples repeat the number typed, unless it is too long to repeat.
        let example = digits.count > TypedValue.shownCharacters ? "30" : digits
        throw ParseError(
          offset: unitStart,
          message: letters.isEmpty
            ? "\(TypedValue.quoted(digits)) has no unit: add d, h, m, s or ms, as in \(example)d or \(example)m"
            : "\(TypedValue.quoted(letters)) is not a unit: use d, h, m, s or ms",
          suggestion: suggestion(for: text))
      }
      guard let part = milliseconds(of: digits, unit: unit.milliseconds) else {
        throw ParseError(
          offset: numberStart,
          message:
            "\(TypedValue.quoted(digits + unit.suffix)) is not a whole number of milliseconds or is too large"
        )
      }
      let (sum, overflow) = total.addingReportingOverflow(part)
      guard !overflow else { throw ParseError(offset: numberStart, message: "duration is too large") }
      total = sum
    }
    return total
  }

  /// Unit names people write, by the unit epsim spells them with; weeks become days.
  static let unitNames: [String: String] = {
    var names: [String: String] = ["w": "w", "wk": "w", "wks": "w", "week": "w", "weeks": "w"]
    let spellings = [
      "d": ["d", "day", "days"], "h": ["h", "hr", "hrs", "hour", "hours"],
      "m": ["m", "min", "mins", "minute", "minutes"], "s": ["s", "sec", "secs", "second", "seconds"],
      "ms": ["ms", "msec", "msecs", "millisecond", "milliseconds"],
    ]
    for (unit, words) in spellings {
      for word in words { names[word] = unit }
    }
    return names
  }()

  /// `text` written the accepted way when it is a duration in other words (`30 days` → `30d`,
  /// `1 hour 30 min` → `1h30m`, `2 weeks` → `14d`), or nil when it is not one or already fine.
  public static func suggestion(for text: String) -> String? {
    var result = ""
    var number = ""
    var word = ""
    func flush() -> Bool {
      if word.isEmpty { return number.isEmpty }
      guard !number.isEmpty, let unit = unitNames[word.lowercased()] else { return false }
      if unit == "w" {
        guard let weeks = Int64(number), weeks <= Int64.max / 7 else { return false }
        result += "\(weeks * 7)d"
      } else {
        result += number + unit
      }
      number = ""
      word = ""
      return true
    }
    for character in text {
      if character == " " || character == "\t" { continue }
      if character.isASCII, character.isNumber || character == "." {
        if !word.isEmpty, !flush() { return nil }
        number.append(character)
      } else if character.isASCII, character.isLetter {
        word.append(character)
      } else {
        return nil
      }
    }
    guard flush(), !result.isEmpty, result != text, (try? parse(result)) != nil else { return nil }
    return result
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
