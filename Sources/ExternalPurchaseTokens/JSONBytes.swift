/// JSON writing straight into a byte array, for code that writes millions of tokens (the
/// encoder, bulk fixtures) and cannot afford an intermediate string per value.
public enum JSONBytes {
  /// Appends `text` as a JSON string literal, escaped exactly as `JSONText.quoted` does.
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    guard !JSONText.needsEscaping(text) else {
      appendUTF8(JSONText.quoted(text), to: &bytes)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    appendUTF8(text, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the UTF-8 of `text`, copying the string's storage in one go when it is contiguous.
  public static func appendUTF8(_ text: String, to bytes: inout [UInt8]) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends the decimal digits of `value`, as `String(value)` writes them.
  public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
    // The magnitude of Int64.min does not fit in Int64, so work with UInt64.
    var magnitude = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }
}
