import ExternalPurchaseTokens
import Foundation

/// Decoding of one unpadded Base64URL segment of a compact JWS (RFC 7515 section 2).
package enum Base64URLSegment {
  /// The bytes, or nil when the text has padding or characters outside the URL alphabet.
  package static func decode(_ text: Substring) -> Data? {
    guard
      text.utf8.allSatisfy({
        ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
          || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
          || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
          || $0 == UInt8(ascii: "_")
      })
    else { return nil }
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
    return Data(base64Encoded: standard)
  }

  /// Unpadded Base64URL text of `data`.
  package static func encode(_ data: Data) -> String {
    // The token codec's encoder: Foundation's text replacements took a fifth of a purchase's time.
    Base64URL.encode(data)
  }
}
