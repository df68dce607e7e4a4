/// Hex digits as bytes, for `\u` escapes in JSON and `%XX` escapes in URLs.
enum ASCIIHex {
  /// The value of hex digit `byte` (either case), or `nil` when it is not one.
  static func value(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
