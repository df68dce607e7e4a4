import Foundation

/// A `decode` argument that is a file's path rather than a token: `epsim decode tokens.txt`.
///
/// Tokens are read from arguments or standard input, never from a named file (the same text
/// could be a token or a path), so a path gets a hint to redirect it instead of a complaint
/// about Base64 characters.
struct FilePathArgument: Error, CustomStringConvertible {
  var path: String
  var exists: Bool

  /// Nil unless `text` names an existing file, or looks like a file name: it has a '.', which
  /// Base64 never holds, and is neither a URL nor a JWS (whose JSON header starts `eyJ`).
  init?(_ text: String) {
    if FileManager.default.fileExists(atPath: text) {
      exists = true
    } else if !text.hasPrefix("eyJ"), !text.contains(":"), text.contains(".") {
      exists = false
    } else {
      return nil
    }
    path = text
  }

  var description: String {
    let quoted = path.contains(" ") ? "'\(path)'" : path
    let redirect = "to decode the tokens in a file, one per line, redirect it: epsim decode < \(quoted)"
    return exists
      ? "'\(path)' is a file, not a token; \(redirect)"
      : "'\(path)' looks like a file path, not a token, and there is no such file; \(redirect)"
  }
}
