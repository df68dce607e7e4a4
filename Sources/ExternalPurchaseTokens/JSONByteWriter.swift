/// Writes token JSON straight into bytes: the encoder's inner loop, without string concatenation.
struct JSONByteWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  mutating func append(_ literal: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  mutating func append(text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `text` as a JSON string literal, escaped exactly as `JSONText.quoted` escapes it:
  /// quote, backslash and control characters; everything else, non-ASCII included, as is.
  mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append(#"\""#)
      case UInt8(ascii: "\\"): append(#"\\"#)
      case UInt8(ascii: "\n"): append(#"\n"#)
      case UInt8(ascii: "\r"): append(#"\r"#)
      case UInt8(ascii: "\t"): append(#"\t"#)
      case 0..<0x20:
        append(#"\u00"#)
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The decimal digits of `value`, with a minus sign when negative.
  mutating func appendInteger(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, off the heap
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[buffer.count - 1 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      bytes.append(contentsOf: buffer[(buffer.count - count)...])
    }
  }
}
