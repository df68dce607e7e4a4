import ExternalPurchaseTokens

/// Shared helpers for the decoder tests: tokens from raw JSON text, and errors as values.
enum DecoderTestSupport {
  /// A sandbox custom link token like the ones StoreKit hands out.
  static let customLink = ExternalPurchaseToken(
    appAppleId: 1_234_567_890, bundleId: "com.example.app", tokenCreationDate: 1_772_355_600_000,
    externalPurchaseId: "SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A", tokenType: .services,
    tokenExpirationDate: 1_772_359_200_000)

  /// A production plain token (notice sheet or link-out).
  static let plain = ExternalPurchaseToken(
    appAppleId: 987_654_321, bundleId: "de.shop.checkout", tokenCreationDate: 1_700_000_000_123,
    externalPurchaseId: "7E1F9C2B-3A4D-4B5E-8C6F-0A1B2C3D4E5F")

  /// The token string whose decoded JSON is exactly `json`.
  static func token(json: String, padded: Bool = false) -> String {
    Base64URL.encode(Array(json.utf8), padded: padded)
  }

  /// The token string whose decoded bytes are exactly `bytes` (which need not be UTF-8).
  static func token(bytes: [UInt8]) -> String {
    Base64URL.encode(bytes)
  }

  /// Why decoding `token` fails, or `nil` when it succeeds.
  static func reason(_ token: String, mode: TokenDecoder.Mode = .lenient) -> TokenDecodingError.Reason? {
    do {
      _ = try TokenDecoder(mode: mode).decode(token)
      return nil
    } catch {
      return error.reason
    }
  }

  /// Why decoding the token of `json` fails, or `nil` when it succeeds.
  static func reason(json: String, mode: TokenDecoder.Mode = .lenient) -> TokenDecodingError.Reason? {
    reason(token(json: json), mode: mode)
  }

  /// Compact JSON of the four base fields, with `extra` members appended (`,"x":1`).
  static func baseJSON(_ extra: String = "") -> String {
    #"{"appAppleId":1,"bundleId":"b","tokenCreationDate":1000,"externalPurchaseId":"id""# + extra + "}"
  }
}
