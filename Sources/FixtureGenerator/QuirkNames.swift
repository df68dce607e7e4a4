import ExternalPurchaseTokens

/// The names quirks carry in generated JSON, in a fixed order.
public enum QuirkNames {
  public static let ordered: [(quirk: TokenEncoder.Quirks, name: String)] = [
    (.padding, "padding"), (.trailingNewline, "trailing-newline"), (.prettyJSON, "pretty-json"),
  ]

  /// The names of the quirks in `quirks`, in the fixed order.
  public static func names(_ quirks: TokenEncoder.Quirks) -> [String] {
    ordered.filter { quirks.contains($0.quirk) }.map(\.name)
  }
}
