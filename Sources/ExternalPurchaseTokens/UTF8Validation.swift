/// Checks decoded token bytes for well-formed UTF-8 (RFC 3629) and says where they break.
enum UTF8Validation {
  /// The offset of the first byte that starts an ill-formed sequence, or `nil` when all is UTF-8.
  static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      // Tokens are nearly always ASCII: skip eight ASCII bytes at a time.
      if index + 8 <= count, let base = bytes.baseAddress {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard let length = sequenceLength(bytes, at: index) else { return index }
      index += length
    }
    return nil
  }

  /// The length of the well-formed multi-byte sequence at `index`, or `nil`.
  private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    // The allowed range of the second byte depends on the lead byte; this rules out
    // overlong forms, surrogates and code points above U+10FFFF.
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
      return nil
    }
    return length
  }
}
