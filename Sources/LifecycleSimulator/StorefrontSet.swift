/// A set of storefront codes that answers `contains` for a two-letter code with a bit test.
///
/// Every token request asks several of `Regions`' sets whether they hold the device's storefront;
/// hashing the code cost a few hundred instructions each time (issue 26). Codes of two lowercase
/// ASCII letters, all that `Regions` holds, are bits of a 676-bit map; anything else is looked up
/// in a set of the other codes, so the answers are exactly those of a `Set` of all the codes.
struct StorefrontSet: Sendable {
  /// The codes that are not two lowercase ASCII letters: looked up by hashing (usually none).
  private let otherCodes: Set<String>
  private let bits: [UInt64]

  init(_ codes: some Sequence<String>) {
    var others = Set<String>()
    var bits = [UInt64](repeating: 0, count: (26 * 26 + 63) / 64)
    for code in codes {
      if let bit = Self.bit(of: code) {
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
      } else {
        others.insert(code)
      }
    }
    self.otherCodes = others
    self.bits = bits
  }

  @inline(__always)
  func contains(_ code: String) -> Bool {
    // A string of two ASCII letters equals only the same two letters, so the bit is the answer.
    guard let bit = Self.bit(of: code) else { return !otherCodes.isEmpty && otherCodes.contains(code) }
    return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// The code's bit when it is two lowercase ASCII letters.
  @inline(__always)
  private static func bit(of code: String) -> Int? {
    let utf8 = code.utf8
    guard utf8.count == 2 else { return nil }
    let first = utf8[utf8.startIndex] &- UInt8(ascii: "a")
    let second = utf8[utf8.index(after: utf8.startIndex)] &- UInt8(ascii: "a")
    guard first < 26, second < 26 else { return nil }
    return Int(first) * 26 + Int(second)
  }
}

/// `Regions`' sets that the eligibility rules ask on every request, as `StorefrontSet`s.
enum StorefrontSets {
  static let customLink = StorefrontSet(Regions.customLink)
  static let streaming = StorefrontSet(Regions.streaming)
  static let allowedRegionsEntitlement = StorefrontSet(Regions.allowedRegionsEntitlement)
  static let customLinkStorefronts = StorefrontSet(Regions.customLinkStorefronts)
  static let noticeSheet = StorefrontSet(Regions.noticeSheet)
  static let linkOut = StorefrontSet(Regions.linkOut)
  static let acquisitionAndServices = StorefrontSet(Regions.acquisitionAndServices)
  static let perTransaction = StorefrontSet(Regions.perTransaction)
  static let perTransactionJapan = StorefrontSet(Regions.perTransactionJapan)
}
