/// Base64URL (RFC 4648 section 5) encoding, the alphabet tokens use.
public enum Base64URL {
  static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Encodes `bytes`; `padded` adds the `=` padding some of Apple's samples carry.
  public static func encode<Bytes: Collection>(_ bytes: Bytes, padded: Bool = false) -> String
  where Bytes.Element == UInt8 {
    let input = Array(bytes)
    var output = [UInt8]()
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= input.count {
      let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
      output.append(alphabet[Int(chunk >> 18 & 63)])
      output.append(alphabet[Int(chunk >> 12 & 63)])
      output.append(alphabet[Int(chunk >> 6 & 63)])
      output.append(alphabet[Int(chunk & 63)])
      index += 3
    }
    let remaining = input.count - index
    if remaining > 0 {
      var chunk = UInt32(input[index]) << 16
      if remaining == 2 { chunk |= UInt32(input[index + 1]) << 8 }
      output.append(alphabet[Int(chunk >> 18 & 63)])
      output.append(alphabet[Int(chunk >> 12 & 63)])
      if remaining == 2 { output.append(alphabet[Int(chunk >> 6 & 63)]) }
      if padded { output.append(contentsOf: Array(repeating: UInt8(ascii: "="), count: 3 - remaining)) }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
