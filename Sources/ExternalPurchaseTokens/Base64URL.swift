/// Base64URL (RFC 4648 section 5) encoding, the alphabet tokens use.
public enum Base64URL {
  static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Encodes `bytes`; `padded` adds the `=` padding some of Apple's samples carry.
  public static func encode<Bytes: Collection>(_ bytes: Bytes, padded: Bool = false) -> String
  where Bytes.Element == UInt8 {
    let input = Array(bytes)
    let whole = input.count / 3 * 3
    let remaining = input.count - whole
    let length = whole / 3 * 4 + (remaining == 0 ? 0 : padded ? 4 : remaining + 1)
    guard length > 0 else { return "" }
    // Written straight into the string's storage: every simulated token is encoded here.
    return input.withUnsafeBufferPointer { source in
      alphabet.withUnsafeBufferPointer { table in
        String(unsafeUninitializedCapacity: length) { output in
          var index = 0
          var written = 0
          while index < whole {
            let chunk =
              UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8 | UInt32(source[index + 2])
            output[written] = table[Int(chunk >> 18 & 63)]
            output[written + 1] = table[Int(chunk >> 12 & 63)]
            output[written + 2] = table[Int(chunk >> 6 & 63)]
            output[written + 3] = table[Int(chunk & 63)]
            index += 3
            written += 4
          }
          if remaining > 0 {
            var chunk = UInt32(source[index]) << 16
            if remaining == 2 { chunk |= UInt32(source[index + 1]) << 8 }
            output[written] = table[Int(chunk >> 18 & 63)]
            output[written + 1] = table[Int(chunk >> 12 & 63)]
            written += 2
            if remaining == 2 {
              output[written] = table[Int(chunk >> 6 & 63)]
              written += 1
            }
            while written < length {
              output[written] = UInt8(ascii: "=")
              written += 1
            }
          }
          return written
        }
      }
    }
  }
}
