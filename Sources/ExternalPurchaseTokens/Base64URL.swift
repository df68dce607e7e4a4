/// Base64URL (RFC 4648 section 5) encoding, the alphabet tokens use.
public enum Base64URL {
  static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Encodes `bytes`; `padded` adds the `=` padding some of Apple's samples carry.
  public static func encode<Bytes: Collection>(_ bytes: Bytes, padded: Bool = false) -> String
  where Bytes.Element == UInt8 {
    if let text = bytes.withContiguousStorageIfAvailable({ encode($0, padded: padded) }) { return text }
    return Array(bytes).withUnsafeBufferPointer { encode($0, padded: padded) }
  }

  /// Every pair of Base64URL characters, indexed by the 12 bits they encode: the first
  /// character in the low byte, so one unaligned little-endian store writes both.
  static let pairs: [UInt16] = (0..<4096).map { bits in
    UInt16(alphabet[bits >> 6]) | UInt16(alphabet[bits & 63]) << 8
  }

  /// How many characters `count` bytes encode to.
  @inline(__always)
  public static func encodedCount(of count: Int, padded: Bool) -> Int {
    let remaining = count % 3
    return count / 3 * 4 + (remaining == 0 ? 0 : padded ? 4 : remaining + 1)
  }

  /// Writes the text straight into the new string's storage: no intermediate array.
  static func encode(_ input: UnsafeBufferPointer<UInt8>, padded: Bool) -> String {
    String(unsafeUninitializedCapacity: encodedCount(of: input.count, padded: padded)) { output in
      guard let target = output.baseAddress else { return 0 }
      return encode(input, padded: padded, into: target)
    }
  }

  /// Writes the text of `input` at `target`, which has room for `encodedCount(of:padded:)`
  /// characters, and answers how many it wrote. Characters go in pairs from `pairs`, half the
  /// lookups of one at a time, and six input bytes make one store: every token a generated line
  /// carries is encoded here (issue 26).
  static func encode(
    _ input: UnsafeBufferPointer<UInt8>, padded: Bool, into target: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    guard let source = input.baseAddress else { return 0 }
    let remaining = input.count % 3
    let length = encodedCount(of: input.count, padded: padded)
    let raw = UnsafeMutableRawPointer(target)
    var index = 0
    var written = 0
    pairs.withUnsafeBufferPointer { pairs in
      // Six bytes at a time while eight can be read: one big-endian 64-bit load, four pairs, one
      // 64-bit store (the pairs' first characters in their low bytes, stored little-endian).
      while index + 8 <= input.count {
        let bits = UInt64(bigEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)) >> 16
        let first = UInt64(pairs[Int(bits >> 36)]) | UInt64(pairs[Int(bits >> 24 & 0xFFF)]) << 16
        let second = UInt64(pairs[Int(bits >> 12 & 0xFFF)]) | UInt64(pairs[Int(bits & 0xFFF)]) << 16
        raw.storeBytes(of: (first | second << 32).littleEndian, toByteOffset: written, as: UInt64.self)
        index += 6
        written += 8
      }
      while index + 3 <= input.count {
        let chunk = Int(source[index]) << 16 | Int(source[index + 1]) << 8 | Int(source[index + 2])
        raw.storeBytes(of: pairs[chunk >> 12].littleEndian, toByteOffset: written, as: UInt16.self)
        raw.storeBytes(of: pairs[chunk & 0xFFF].littleEndian, toByteOffset: written + 2, as: UInt16.self)
        index += 3
        written += 4
      }
    }
    guard remaining > 0 else { return written }
    alphabet.withUnsafeBufferPointer { alphabet in
      var chunk = UInt32(source[index]) << 16
      if remaining == 2 { chunk |= UInt32(source[index + 1]) << 8 }
      target[written] = alphabet[Int(chunk >> 18 & 63)]
      target[written + 1] = alphabet[Int(chunk >> 12 & 63)]
      written += 2
      if remaining == 2 {
        target[written] = alphabet[Int(chunk >> 6 & 63)]
        written += 1
      }
      while padded && written < length {
        target[written] = UInt8(ascii: "=")
        written += 1
      }
    }
    return written
  }
}
