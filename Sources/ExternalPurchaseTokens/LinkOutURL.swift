/// Reads the token out of the URL `ExternalPurchaseLink.open()` opens.
///
/// StoreKit appends `externalPurchaseToken=<token>` and `bundleId=<bundle id>` to the
/// app's destination URL (SPEC 3); a backend receives the whole URL.
public enum LinkOutURL {
  /// The query parameter that carries the token.
  public static let tokenParameterName = "externalPurchaseToken"

  /// The percent-decoded value of the first `externalPurchaseToken` query parameter.
  ///
  /// Returns `nil` when the URL has no query, no such parameter, a malformed percent
  /// escape in it, or escapes that decode to bytes that are not UTF-8. Only `%XX` escapes
  /// are decoded; `+` stays `+` (Base64URL tokens never contain `+` or spaces).
  public static func token(in urlString: String) -> String? {
    guard let questionMark = urlString.firstIndex(of: "?") else { return nil }
    let afterQuery = urlString[urlString.index(after: questionMark)...]
    let query = afterQuery.prefix { $0 != "#" }
    for pair in query.split(separator: "&") {
      let name = pair.prefix { $0 != "=" }
      guard percentDecoded(name) == tokenParameterName else { continue }
      let value = pair.dropFirst(name.count + 1)  // after the "=", empty when there is none
      return percentDecoded(value)
    }
    return nil
  }

  private static func percentDecoded(_ text: Substring) -> String? {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        decoded.append(bytes[index])
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = ASCIIHex.value(of: bytes[index + 1]),
        let low = ASCIIHex.value(of: bytes[index + 2])
      else { return nil }
      decoded.append(high << 4 | low)
      index += 3
    }
    let isUTF8 = decoded.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) == nil }
    return isUTF8 ? String(decoding: decoded, as: UTF8.self) : nil
  }
}
