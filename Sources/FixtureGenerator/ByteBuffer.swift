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

  /// Scratch memory for `append(maximumCount:_:)`, kept from line to line.
  private var scratch: [UInt8] = []

  /// Appends what `write` writes through a cursor, at most `maximumCount` bytes: a whole line is
  /// written through a pointer, then appended in one copy, where appending piece by piece cost
  /// a generic copy and a growth check per piece (issue 26).
  mutating func append(maximumCount: Int, _ write: (inout ByteCursor) -> Void) {
    if scratch.count < maximumCount { scratch = [UInt8](repeating: 0, count: max(maximumCount, 4096)) }
    var scratch = self.scratch
    self.scratch = []  // so the local copy is the only reference and is written in place
    scratch.withUnsafeMutableBufferPointer { memory in
      var cursor = ByteCursor(memory)
      write(&cursor)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: memory[..<cursor.count]))
    }
    self.scratch = scratch
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
