import ExternalPurchaseTokens

/// A growable byte buffer with the few appends the line writers need; no Foundation, no
/// intermediate strings, so a million customers cost little more than their bytes.
struct ByteBuffer: Sendable {
  private(set) var bytes: [UInt8]

  init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  var count: Int { bytes.count }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    JSONBytes.appendUTF8(text, to: &bytes)
  }

  /// Lets byte writers of other modules append in place.
  mutating func withBytes(_ body: (inout [UInt8]) -> Void) {
    body(&bytes)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// The decimal digits of `value`.
  mutating func append(_ value: Int64) {
    JSONBytes.appendInteger(value, to: &bytes)
  }

  mutating func append(_ value: Int) {
    JSONBytes.appendInteger(Int64(value), to: &bytes)
  }

  /// `text` as a JSON string literal.
  mutating func appendQuoted(_ text: String) {
    JSONBytes.appendQuoted(text, to: &bytes)
  }
}
