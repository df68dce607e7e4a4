import Foundation

/// An independent reading of tokens with Foundation, so the tests check the table's claims
/// without trusting the code that built it.
enum FoundationReader {
  static let urlAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The payload bytes of a strictly well-formed Base64URL token (optional correct padding), else nil.
  static func payload(_ token: String) -> Data? {
    var body = token
    while body.hasSuffix("=") { body.removeLast() }
    let padding = token.count - body.count
    guard body.utf8.allSatisfy(urlAlphabet.contains), body.count % 4 != 1 else { return nil }
    let needed = (4 - body.count % 4) % 4
    guard padding == 0 || padding == needed else { return nil }
    let standard = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    return Data(base64Encoded: standard + String(repeating: "=", count: needed))
  }

  /// The payload as UTF-8 text, or nil when the token or the text is malformed.
  static func text(_ token: String) -> String? {
    payload(token).flatMap { String(data: $0, encoding: .utf8) }
  }

  /// The payload parsed by `JSONSerialization`, fragments allowed; nil when it is not JSON.
  static func json(_ token: String) -> Any? {
    payload(token).flatMap { try? JSONSerialization.jsonObject(with: $0, options: .fragmentsAllowed) }
  }

  /// The payload as a JSON object, or nil.
  static func object(_ token: String) -> [String: Any]? {
    json(token) as? [String: Any]
  }

  /// The six known fields read with `JSONDecoder`, or nil when any has the wrong type.
  static func fields(_ token: String) -> KnownFields? {
    payload(token).flatMap { try? JSONDecoder().decode(KnownFields.self, from: $0) }
  }
}

/// The token fields with the Swift types epsim requires.
struct KnownFields: Decodable, Equatable {
  var appAppleId: Int64
  var bundleId: String
  var tokenCreationDate: Int64
  var externalPurchaseId: String
  var tokenType: String?
  var tokenExpirationDate: Int64?

  static let names: Set<String> = [
    "appAppleId", "bundleId", "tokenCreationDate", "externalPurchaseId", "tokenType", "tokenExpirationDate",
  ]
}
