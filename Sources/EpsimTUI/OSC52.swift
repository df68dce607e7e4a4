import ExternalPurchaseTokens

/// The terminal escape sequence that asks the terminal (and tmux, with `set-clipboard on`) to
/// put text on the system clipboard. Terminals decode standard Base64, not Base64URL.
public enum OSC52 {
  public static func sequence(copying text: String) -> String {
    "\u{1B}]52;c;\(base64(Array(text.utf8)))\u{07}"
  }

  /// Standard Base64 with padding, from the Base64URL encoder: the alphabets differ in two places.
  static func base64(_ bytes: [UInt8]) -> String {
    String(
      Base64URL.encode(bytes, padded: true).map { character -> Character in
        switch character {
        case "-": return "+"
        case "_": return "/"
        default: return character
        }
      })
  }
}
