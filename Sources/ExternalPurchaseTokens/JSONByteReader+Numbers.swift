extension JSONByteReader {
  /// Where a number lies in the bytes, and whether it is written as a plain integer.
  struct NumberToken {
    var start: Int
    var end: Int
    /// No fraction and no exponent.
    var isInteger: Bool
  }

  /// Reads a number by JSON's grammar without converting it.
  mutating func readNumberToken() throws(TokenDecodingError) -> NumberToken {
    let start = position
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1
    } else {
      try readDigits(expected: "a digit")
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      try readDigits(expected: "a digit after '.'")
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      try readDigits(expected: "a digit in the exponent")
    }
    return NumberToken(start: start, end: position, isInteger: isInteger)
  }

  /// Reads an integer of at most 18 digits in one pass, the shape of every real date and id.
  ///
  /// Returns `nil` and leaves the position alone for anything else (a fraction, an
  /// exponent, a leading zero, more digits, bad syntax); `readNumberToken()` then reads it
  /// and reports exactly what is wrong.
  mutating func readSmallInteger() -> Int64? {
    var index = position
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let firstDigit = index
    var value: Int64 = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int64(digit)
      index += 1
    }
    let digits = index - firstDigit
    guard digits > 0, digits <= 18, digits == 1 || bytes[firstDigit] != UInt8(ascii: "0") else { return nil }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    position = index
    return negative ? -value : value
  }

  private mutating func readDigits(expected: String) throws(TokenDecodingError) {
    let start = position
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
    if position == start { throw syntaxError(expected: expected) }
  }

  /// The number's source text.
  func text(of number: NumberToken) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[number.start..<number.end]), as: UTF8.self)
  }

  /// The value of an integer token, or `nil` when it does not fit in `Int64`.
  func int64(of number: NumberToken) -> Int64? {
    var index = number.start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var value: Int64 = 0
    // Accumulating towards the sign keeps Int64.min representable.
    while index < number.end {
      let digit = Int64(bytes[index] &- UInt8(ascii: "0"))
      let (shifted, overflowMultiply) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowAdd) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflowMultiply || overflowAdd { return nil }
      value = next
      index += 1
    }
    return value
  }
}
