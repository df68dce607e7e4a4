/// A small, fast, seedable random number generator (SplitMix64), so that a scenario and a seed
/// always give byte-identical tokens. Its whole state is one integer, stored in the world.
///
/// The one generator of the project: the engine mints ids with it, and the crafted table, the
/// test corpus and the bulk fixtures draw from it. It lives beside the token model because
/// `uuidString()` is how externalPurchaseIds are written (SPEC 10). The standard library's
/// `random(in:using:)` may change its mapping between releases, so draws are mapped by hand.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A version 4 UUID in upper case, as Swift's `UUID().uuidString` writes it (SPEC 10).
  public mutating func uuidString() -> String {
    // Bytes 0-7 are the first word's bytes, least significant first; bytes 8-15 the second's.
    // Written straight into the string's storage, two hex digits per store from a table: bulk
    // generation mints millions of ids (issue 26).
    var words = (next().littleEndian, next().littleEndian)
    withUnsafeMutableBytes(of: &words) { bytes in
      bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
      bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
    }
    return String(unsafeUninitializedCapacity: 36) { text in
      let output = UnsafeMutableRawPointer(text.baseAddress!)
      Self.hexPairs.withUnsafeBufferPointer { pairs in
        withUnsafeBytes(of: words) { bytes in
          // The dashes stored at their places and the bytes group by group: with no branch
          // left, the loops unroll into sixteen loads and stores (issue 26).
          let dash = UInt8(ascii: "-")
          output.storeBytes(of: dash, toByteOffset: 8, as: UInt8.self)
          output.storeBytes(of: dash, toByteOffset: 13, as: UInt8.self)
          output.storeBytes(of: dash, toByteOffset: 18, as: UInt8.self)
          output.storeBytes(of: dash, toByteOffset: 23, as: UInt8.self)
          // Groups of 4, 2, 2, 2 and 6 bytes, each after its dash.
          func group(_ bytesFrom: Int, _ bytesTo: Int, at offset: Int) {
            for index in bytesFrom..<bytesTo {
              output.storeBytes(
                of: pairs[Int(bytes[index])], toByteOffset: offset + 2 * (index - bytesFrom), as: UInt16.self)
            }
          }
          group(0, 4, at: 0)
          group(4, 6, at: 9)
          group(6, 8, at: 14)
          group(8, 10, at: 19)
          group(10, 16, at: 24)
        }
      }
      return 36
    }
  }

  /// The two upper-case hex digits of every byte, the first in the low byte, stored little-endian
  /// so one store writes both in order.
  static let hexPairs: [UInt16] = (0..<256).map { byte in
    (UInt16(hexDigit(UInt8(byte >> 4))) | UInt16(hexDigit(UInt8(byte & 0x0F))) << 8).littleEndian
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
  }

  /// A uniformly distributed integer in `0..<count`; `count` must be positive.
  /// The modulo bias is below 2^-40 for the small counts drawn here, far under anything observable.
  public mutating func below(_ count: Int) -> Int {
    Int(next() % UInt64(count))
  }

  /// A uniformly distributed Double in [0, 1).
  public mutating func unitInterval() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
