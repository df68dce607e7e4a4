import ExternalPurchaseTokens

/// Rows at the edges of the integer range: beyond 2^53, at and beyond Int64, negative dates.
extension CraftTable {
  static let twoToThe53: Int64 = 9_007_199_254_740_992

  static func numberRangeRows(_ bases: CraftBases) -> [CraftedToken] {
    func edited(_ base: ExternalPurchaseToken, _ edit: (inout ExternalPurchaseToken) -> Void)
      -> ExternalPurchaseToken
    {
      var token = base
      edit(&token)
      return token
    }
    let accepted: [(String, String, ExternalPurchaseToken)] = [
      (
        "integer-beyond-2-53-appAppleId",
        "appAppleId is 2^53 + 1: exact in Int64, but a double rounds it to 2^53.",
        edited(bases.plainProduction) { $0.appAppleId = twoToThe53 + 1 }
      ),
      (
        "integer-beyond-2-53-expiration-1ms-after-creation",
        "Creation 2^53 and expiration 2^53 + 1: read as doubles they are equal and the valid token looks expired at birth.",
        edited(bases.customLinkProduction) {
          $0.tokenCreationDate = twoToThe53
          $0.tokenExpirationDate = twoToThe53 + 1
        }
      ),
      (
        "integer-int64-max-appAppleId", "appAppleId is Int64.max, 9223372036854775807.",
        edited(bases.plainProduction) { $0.appAppleId = .max }
      ),
      (
        "integer-int64-max-expiration", "tokenExpirationDate is Int64.max.",
        edited(bases.customLinkProduction) { $0.tokenExpirationDate = .max }
      ),
      (
        "integer-int64-min-creation",
        "tokenCreationDate is Int64.min; the decoder checks types and ranges, not plausibility.",
        edited(bases.plainSandbox) { $0.tokenCreationDate = .min }
      ),
      (
        "date-negative-creation",
        "tokenCreationDate is one day before 1970; accepted, as plausibility is the reporting layer's job.",
        edited(bases.plainSandbox) { $0.tokenCreationDate = -CraftBases.day }
      ),
      (
        "date-negative-custom-link-period",
        "A custom link token created one hour before 1970 that expires at UNIX time 0.",
        edited(bases.customLinkSandbox) {
          $0.tokenCreationDate = -CraftBases.hour
          $0.tokenExpirationDate = 0
        }
      ),
    ]
    let rejected: [(String, String, String, String)] = [
      (
        "integer-int64-overflow-appAppleId", "appAppleId is Int64.max + 1, 9223372036854775808.",
        "appAppleId",
        "9223372036854775808"
      ),
      (
        "integer-int64-overflow-tokenCreationDate", "tokenCreationDate is Int64.max + 1.",
        "tokenCreationDate",
        "9223372036854775808"
      ),
      (
        "integer-int64-underflow-tokenCreationDate", "tokenCreationDate is Int64.min - 1.",
        "tokenCreationDate",
        "-9223372036854775809"
      ),
      (
        "integer-huge-appAppleId", "appAppleId has 40 digits.", "appAppleId",
        String(repeating: "9", count: 40)
      ),
    ]
    let plain = RawPayload(bases.plainProduction)
    return accepted.map { label, description, token in
      CraftedToken.accept(label, .numberRange, description, token: canonical(token), expected: token)
    }
      + rejected.map { label, description, field, digits in
        CraftedToken.reject(
          label, .numberRange, description, token: plain.replacing(field, with: digits).token)
      }
  }
}
