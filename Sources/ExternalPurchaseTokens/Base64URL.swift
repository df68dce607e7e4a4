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

  /// Writes the text straight into the new string's storage: no intermediate array.
  private static func encode(_ input: UnsafeBufferPointer<UInt8>, padded: Bool) -> String {
    let remaining = input.count % 3
    let length = input.count / 3 * 4 + (remaining == 0 ? 0 : padded ? 4 : remaining + 1)
    return String(unsafeUninitializedCapacity: length) { output in
      alphabet.withUnsafeBufferPointer { alphabet in
        var index = 0
        var written = 0
        while index + 3 <= input.count {
          let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
          output[written] = alphabet[Int(chunk >> 18 & 63)]
          output[written + 1] = alphabet[Int(chunk >> 12 & 63)]
          output[written + 2] = alphabet[Int(chunk >> 6 & 63)]
          output[written + 3] = alphabet[Int(chunk & 63)]
          index += 3
          written += 4
        }
        if remaining > 0 {
          var chunk = UInt32(input[index]) << 16
          if remaining == 2 { chunk |= UInt32(input[index + 1]) << 8 }
          output[written] = alphabet[Int(chunk >> 18 & 63)]
          output[written + 1] = alphabet[Int(chunk >> 12 & 63)]
          written += 2
          if remaining == 2 {
            output[written] = alphabet[Int(chunk >> 6 & 63)]
            written += 1
          }
          while padded && written < length {
            output[written] = UInt8(ascii: "=")
            written += 1
          }
        }
        return written
      }
    }
  }
}
