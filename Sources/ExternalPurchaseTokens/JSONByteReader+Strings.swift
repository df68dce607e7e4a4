extension JSONByteReader {
  /// Where a string's contents lie (between the quotes), and whether it has escapes.
  struct StringToken {
    var start: Int
    var end: Int
    var hasEscapes: Bool
  }

  /// Reads a string literal, checking its escapes, without building a Swift string.
  mutating func readStringToken() throws(TokenDecodingError) -> StringToken {
    position += 1  // the opening quote, checked by the caller
    let start = position
    var hasEscapes = false
    while position < bytes.count {
      if position + 8 <= bytes.count {
        let flags = Self.specialByteFlags(in: word(at: position))
        guard flags != 0 else {
          position += 8
          continue
        }
        position += flags.trailingZeroBitCount / 8  // the lowest flag is always a real match
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return StringToken(start: start, end: position - 1, hasEscapes: hasEscapes)
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        position = try escapeEnd(at: position)
      } else if byte < 0x20 {
        throw syntaxError(expected: "'\"' or a character other than a raw control character")
      } else {
        position += 1
      }
    }
    throw syntaxError(expected: "'\"' to close the string")
  }

  /// The high bit set in each of the eight bytes (little-endian) that is `"`, `\` or a
  /// control character (below 0x20); zero when there is none.
  ///
  /// Strings are most of a token's bytes, so they are skipped a word at a time. The
  /// borrow of the zero-byte test can flag bytes above a real match, never below one, so
  /// the lowest flag marks a real special byte.
  private static func specialByteFlags(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let zeroInQuotes = (quotes &- ones) & ~quotes
    let zeroInBackslashes = (backslashes &- ones) & ~backslashes
    let belowSpace = (word &- ones &* 0x20) & ~word
    return (zeroInQuotes | zeroInBackslashes | belowSpace) & highBits
  }

  private func word(at offset: Int) -> UInt64 {
    UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
  }

  /// The Swift string a checked string token stands for.
  func string(from token: StringToken) -> String {
    let contents = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    guard token.hasEscapes else { return String(decoding: contents, as: UTF8.self) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(contents.count)
    var index = token.start
    while index < token.end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        index += 1
        continue
      }
      let (scalar, next) = escapedScalar(at: index)
      decoded.append(contentsOf: String(Character(scalar)).utf8)
      index = next
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Checks the escape that starts at `offset` (a backslash) and returns the offset after it.
  private func escapeEnd(at offset: Int) throws(TokenDecodingError) -> Int {
    guard offset + 1 < bytes.count else { throw syntaxError(expected: "an escape character", at: offset + 1) }
    switch bytes[offset + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return offset + 2
    case UInt8(ascii: "u"):
      guard let unit = hexUnit(at: offset + 2) else {
        throw syntaxError(expected: "four hex digits after '\\u'", at: offset + 2)
      }
      if (0xDC00...0xDFFF).contains(unit) {
        throw syntaxError(expected: "a high surrogate before the low surrogate \\u\(hex(unit))", at: offset)
      }
      guard (0xD800...0xDBFF).contains(unit) else { return offset + 6 }
      guard offset + 7 < bytes.count, bytes[offset + 6] == UInt8(ascii: "\\"),
        bytes[offset + 7] == UInt8(ascii: "u"), let low = hexUnit(at: offset + 8),
        (0xDC00...0xDFFF).contains(low)
      else {
        throw syntaxError(expected: "a low surrogate \\uDC00-\\uDFFF after \\u\(hex(unit))", at: offset + 6)
      }
      return offset + 12
    default:
      throw syntaxError(
        expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after a backslash", at: offset + 1)
    }
  }

  /// The scalar of an escape already checked by `escapeEnd(at:)`, and the offset after it.
  private func escapedScalar(at offset: Int) -> (Unicode.Scalar, Int) {
    switch bytes[offset + 1] {
    case UInt8(ascii: "b"): return ("\u{08}", offset + 2)
    case UInt8(ascii: "f"): return ("\u{0C}", offset + 2)
    case UInt8(ascii: "n"): return ("\n", offset + 2)
    case UInt8(ascii: "r"): return ("\r", offset + 2)
    case UInt8(ascii: "t"): return ("\t", offset + 2)
    case UInt8(ascii: "u"):
      let unit = hexUnit(at: offset + 2) ?? 0xFFFD
      if (0xD800...0xDBFF).contains(unit) {
        let low = hexUnit(at: offset + 8) ?? 0xDC00
        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", offset + 12)
      }
      return (Unicode.Scalar(unit) ?? "\u{FFFD}", offset + 6)
    default: return (Unicode.Scalar(bytes[offset + 1]), offset + 2)  // \" \\ \/
    }
  }

  /// The UTF-16 code unit written as four hex digits at `offset`, or `nil`.
  private func hexUnit(at offset: Int) -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var unit: UInt32 = 0
    for index in offset..<offset + 4 {
      guard let digit = ASCIIHex.value(of: bytes[index]) else { return nil }
      unit = unit << 4 | UInt32(digit)
    }
    return unit
  }

  private func hex(_ unit: UInt32) -> String {
    String(unit, radix: 16, uppercase: true)
  }
}
