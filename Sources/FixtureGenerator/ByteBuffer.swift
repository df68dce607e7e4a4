import ExternalPurchaseTokens

/// A growable byte buffer with the few appends the line writers need; no Foundation, no
/// intermediate strings, so a million customers cost little more than their bytes.
public struct ByteBuffer: Sendable {
  public private(set) var bytes: [UInt8]

  public init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  public var count: Int { bytes.count }

  public mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func append(_ buffer: ByteBuffer) {
    bytes.append(contentsOf: buffer.bytes)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// The decimal digits of `value`.
  mutating func append(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      // The magnitude of Int64.min does not fit in Int64, so go through UInt64.
      appendDigits(UInt64(bitPattern: 0 &- value))
    } else {
      appendDigits(UInt64(value))
    }
  }

  mutating func append(_ value: Int) {
    append(Int64(value))
  }

  private mutating func appendDigits(_ value: UInt64) {
    // Most significant digit first, without a scratch array.
    var divisor: UInt64 = 1
    while value / divisor >= 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// `text` as a JSON string literal. Ids, bundle ids and Base64URL need no escapes, so the
  /// common case copies the bytes; anything else goes through the shared JSON quoting.
  mutating func appendQuoted(_ text: String) {
    guard !JSONText.needsEscaping(text) else {
      append(JSONText.quoted(text))
      return
    }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: text.utf8)
    bytes.append(UInt8(ascii: "\""))
  }
}
