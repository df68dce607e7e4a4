import ExternalPurchaseTokens

/// The table of crafted tokens: every way a backend decoder can be tripped, each with epsim's verdict.
public enum CraftTable {
  /// Every row in a fixed order, built from valid tokens drawn from `seed`; the same seed gives
  /// the same table, byte for byte.
  public static func all(seed: UInt64) -> [CraftedToken] {
    let bases = CraftBases(seed: seed)
    let families: [(CraftBases) -> [CraftedToken]] = [
      baselineRows, appleQuirkRows, jsonVariantRows, extraFieldRows,
      truncatedRows, badAlphabetRows, standardAlphabetRows, badPaddingRows,
      badJSONRows, topLevelRows, missingFieldRows, wrongTypeRows,
      tokenTypeRows, customLinkPairRows, expirationOrderRows, numberRangeRows,
      sizeRows, nestingRows,
    ]
    return families.flatMap { $0(bases) }
  }

  /// Unpadded Base64URL of `text`'s UTF-8 bytes.
  static func encode(_ text: String) -> String {
    Base64URL.encode(Array(text.utf8))
  }

  /// The canonical token string of `token`.
  static func canonical(_ token: ExternalPurchaseToken) -> String {
    TokenEncoder().encode(token)
  }
}
