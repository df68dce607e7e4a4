/// JSON writing straight into a byte array, for code that writes millions of tokens (the
/// encoder, bulk fixtures) and cannot afford an intermediate string per value.
public enum JSONBytes {
  /// Appends `text` as a JSON string literal, escaped exactly as `JSONText.quoted` escapes it:
  /// quote, backslash and control characters; everything else, non-ASCII included, as is.
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    if JSONText.needsEscaping(text) {
      for byte in text.utf8 { appendEscaped(byte, to: &bytes) }
    } else {
      appendUTF8(text, to: &bytes)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): appendLiteral(#"\""#, to: &bytes)
    case UInt8(ascii: "\\"): appendLiteral(#"\\"#, to: &bytes)
    case UInt8(ascii: "\n"): appendLiteral(#"\n"#, to: &bytes)
    case UInt8(ascii: "\r"): appendLiteral(#"\r"#, to: &bytes)
    case UInt8(ascii: "\t"): appendLiteral(#"\t"#, to: &bytes)
    case 0..<0x20:
      appendLiteral(#"\u00"#, to: &bytes)
      bytes.append(hexDigits[Int(byte >> 4)])
      bytes.append(hexDigits[Int(byte & 0x0F)])
    default: bytes.append(byte)
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends the UTF-8 of a literal known at compile time (names, punctuation).
  public static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of `text`, copying the string's storage in one go when it is contiguous.
  public static func appendUTF8(_ text: String, to bytes: inout [UInt8]) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends the decimal digits of `value`, as `String(value)` writes them.
  public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
    // Digits come out least significant first, into a small stack buffer read backwards;
    // dividing by the constant 10 compiles to a multiplication. Int64.min's magnitude does not
    // fit in Int64, hence UInt64.
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }
}
