import Foundation

/// The comparison point: what a backend would write with Foundation alone.
///
/// Map the URL alphabet to the standard one, restore padding, `Data(base64Encoded:)`,
/// then `JSONDecoder` into a `Decodable` struct.
struct FoundationTokenBaseline {
  struct Payload: Decodable {
    var appAppleId: Int64
    var bundleId: String
    var tokenCreationDate: Int64
    var externalPurchaseId: String
    var tokenType: String?
    var tokenExpirationDate: Int64?
  }

  let decoder = JSONDecoder()

  func decode(_ token: String) -> Payload? {
    var standard = String(
      token.trimmingCharacters(in: .whitespacesAndNewlines).map { character -> Character in
        switch character {
        case "-": return "+"
        case "_": return "/"
        default: return character
        }
      })
    while standard.hasSuffix("=") { standard.removeLast() }
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    guard let data = Data(base64Encoded: standard) else { return nil }
    return try? decoder.decode(Payload.self, from: data)
  }
}
