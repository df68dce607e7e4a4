/// Writes bytes through a pointer into memory its caller sized beforehand.
///
/// The bulk writers (minting a token, a generated JSONL line) know an upper bound of what they
/// write; writing through a pointer skips `Array.append`'s growth check and generic copy per
/// piece, which cost more than the bytes themselves (issue 26). Every write still checks the
/// bound, so a wrong bound stops the program instead of writing past the memory.
public struct ByteCursor {
  // Visible to inlined code: the fixed-size writes inline into the bulk writers of other modules,
  // where a literal's length is a constant and its copy a few moves (issue 26).
  @usableFromInline let start: UnsafeMutablePointer<UInt8>
  @usableFromInline var position: UnsafeMutablePointer<UInt8>
  @usableFromInline let end: UnsafeMutablePointer<UInt8>

  /// A cursor at the start of `memory`.
  public init(_ memory: UnsafeMutableBufferPointer<UInt8>) {
    start = memory.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
    position = start
    end = start + memory.count
  }

  /// How many bytes were written.
  public var count: Int { position - start }

  @inlinable @inline(__always)
  mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    precondition(end - position >= count, "ByteCursor: the writer's bound was too small")
    defer { position += count }
    return position
  }

  /// Writes one byte.
  @inlinable @inline(__always)
  public mutating func write(byte: UInt8) {
    reserve(1).pointee = byte
  }

  /// Writes a literal known at compile time.
  @inlinable @inline(__always)
  public mutating func write(_ literal: StaticString) {
    let count = literal.utf8CodeUnitCount
    reserve(count).update(from: literal.utf8Start, count: count)
  }

  /// Writes `bytes`.
  @inlinable @inline(__always)
  public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count).update(from: base, count: bytes.count)
  }

  /// Writes the Base64URL text of `bytes` (`Base64URL.encodedCount(of:padded:)` bytes): a
  /// generated line carries its token this way, with no string made for it (issue 26).
  public mutating func write(base64URL bytes: UnsafeBufferPointer<UInt8>, padded: Bool) {
    let target = reserve(Base64URL.encodedCount(of: bytes.count, padded: padded))
    _ = Base64URL.encode(bytes, padded: padded, into: target)
  }

  /// Writes the UTF-8 of `text`. Named apart from `write(_:)` of a `StaticString`: a string
  /// literal argument would pick the `String` overload and copy through the string's storage.
  public mutating func write(string text: String) {
    if let done: Void = text.utf8.withContiguousStorageIfAvailable({ write($0) }) { return done }
    for byte in text.utf8 { write(byte: byte) }
  }

  /// Writes `text` as a JSON string literal, escaped as `JSONBytes.appendQuoted` escapes it: at
  /// most `2 + 6 * text.utf8.count` bytes (a control character takes six).
  public mutating func write(quoted text: String) {
    write(byte: UInt8(ascii: "\""))
    if JSONText.needsEscaping(text) {
      var escaped: [UInt8] = []
      JSONBytes.appendQuoted(text, to: &escaped)
      escaped.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
      return
    }
    write(string: text)
    write(byte: UInt8(ascii: "\""))
  }

  /// Writes the decimal digits of `value`, as `String(value)` spells them: at most 20 bytes.
  public mutating func write(decimal value: Int64) {
    // Digits come out least significant first, two at a time from a table of the pairs 00 to 99
    // (half the divisions), into a 20-byte scratch read backwards; Int64.min's magnitude does
    // not fit in Int64, hence UInt64.
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { scratch in
      var first = 20
      Self.digitPairs.withUnsafeBufferPointer { pairs in
        // The last eight digits of a large value (a timestamp has thirteen) in 32-bit steps,
        // cheaper than 64-bit ones (issue 26).
        if magnitude >= 100_000_000 {
          var low = UInt32(truncatingIfNeeded: magnitude % 100_000_000)
          magnitude /= 100_000_000
          for _ in 0..<4 {
            first -= 2
            scratch.storeBytes(of: pairs[Int(low % 100)], toByteOffset: first, as: UInt16.self)
            low /= 100
          }
        }
        while magnitude >= 100 {
          let pair = Int(magnitude % 100)
          magnitude /= 100
          first -= 2
          scratch.storeBytes(of: pairs[pair], toByteOffset: first, as: UInt16.self)
        }
        if magnitude >= 10 {
          first -= 2
          scratch.storeBytes(of: pairs[Int(magnitude)], toByteOffset: first, as: UInt16.self)
        } else {
          first -= 1
          scratch[first] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
      }
      if value < 0 { write(byte: UInt8(ascii: "-")) }
      write(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[first..<20]))
    }
  }

  /// The two digits of 0 to 99, tens in the low byte, stored little-endian so one store writes both.
  static let digitPairs: [UInt16] = (0..<100).map { number in
    (UInt16(UInt8(ascii: "0") + UInt8(number / 10)) | UInt16(UInt8(ascii: "0") + UInt8(number % 10)) << 8)
      .littleEndian
  }

  /// The most bytes `write(decimal:)` writes.
  public static let maximumDecimalCount = 20
}
