import ArgumentParser
import ExternalPurchaseTokens
import Foundation

/// `epsim decode`: reads tokens (or link-out URLs) and shows what is inside them.
struct DecodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decode",
    abstract: "Decode external purchase tokens and show their fields.",
    discussion: """
      Give tokens as arguments, or pipe them in one per line (blank lines are skipped but \
      still counted, so "input N" is the line number). Spaces around each token are trimmed \
      here; the TokenDecoder library rejects them. A token may also be a whole link-out \
      URL: its externalPurchaseToken query parameter is decoded.

      Lenient by default: padding, pretty JSON, a trailing newline and unknown fields are \
      accepted, as in Apple's own samples. --strict accepts only the canonical form.

      Every input that fails is reported on standard error as "input N: <reason>"; the \
      others are still printed. Exit status: 0 when all decode, 2 when any fails.
      """
  )

  @Flag(help: "Print one compact JSON object per token instead of a listing.")
  var json = false

  @Flag(help: "Accept only the canonical form (unpadded, compact JSON in Apple's order, no extras).")
  var strict = false

  @Argument(help: "Tokens or link-out URLs. Without any, tokens are read from standard input, one per line.")
  var tokens: [String] = []

  func run() throws {
    var session = DecodeSession(decoder: TokenDecoder(mode: strict ? .strict : .lenient), json: json)
    if tokens.isEmpty {
      StandardInputLines.forEach { number, line in session.decode(line: line, number: number) }
    } else {
      for (offset, token) in tokens.enumerated() {
        session.decode(text: token, number: offset + 1, isArgument: true)
      }
    }
    session.finish()
    guard session.inputs > 0 else {
      StandardStreams.writeError("epsim decode: no tokens: give them as arguments or pipe one per line.\n")
      throw ExitCode.usage
    }
    if session.failures > 0 { throw ExitCode.usage }
  }

  /// The token inside `text`: `text` itself, or the token parameter when it is a URL.
  static func tokenText(in text: String) throws -> String {
    // Base64URL never contains ':' or '?', so either one means a URL.
    guard text.contains(":") || text.contains("?") else { return text }
    guard let token = LinkOutURL.token(in: text) else { throw NotALinkOutURL() }
    return token
  }

  struct NotALinkOutURL: Error, CustomStringConvertible {
    var description: String {
      "This looks like a URL but has no usable \(LinkOutURL.tokenParameterName) query parameter "
        + "(missing, or with a malformed percent escape)."
    }
  }
}
