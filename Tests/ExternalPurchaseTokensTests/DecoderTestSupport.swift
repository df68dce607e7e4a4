import ExternalPurchaseTokens
import TokenCorpus

/// Shared helpers for the decoder tests: tokens from raw JSON text, and errors as values.
enum DecoderTestSupport {
  static let customLink = SampleTokens.customLink
  static let plain = SampleTokens.plain

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
