import ExternalPurchaseTokens
import TokenCorpus

/// Shared helpers for the codec tests: tokens from raw JSON text, errors as values, sample tokens.
enum DecoderTestSupport {
  static let customLink = SampleTokens.customLink
  static let plain = SampleTokens.plain
  /// A sandbox SERVICES token with every field, whose encodings the encoder tests spell out.
  static let sandboxServices = ExternalPurchaseToken(
    appAppleId: 1_234_567_890, bundleId: "com.example", tokenCreationDate: 1_700_000_000_000,
    externalPurchaseId: "SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A", tokenType: .services,
    tokenExpirationDate: 1_700_003_600_000)

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
