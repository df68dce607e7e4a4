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
      URL: its externalPurchaseToken query parameter is decoded. An argument that names a \
      file is refused with a hint to redirect it instead (epsim decode < FILE).

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
    let inputs =
      tokens.isEmpty ? Self.standardInputLines() : tokens.enumerated().map { ($0.offset + 1, $0.element) }
    guard !inputs.isEmpty else {
      StandardStreams.writeError("epsim decode: no tokens: give them as arguments or pipe one per line.\n")
      throw ExitCode.usage
    }
    let decoder = TokenDecoder(mode: strict ? .strict : .lenient)
    var output = StandardStreams.BufferedOutput()
    var failures = 0
    for (number, text) in inputs {
      do {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !tokens.isEmpty, let path = FilePathArgument(trimmed) { throw path }
        let token = try decoder.decode(try Self.tokenText(in: trimmed))
        output.write(
          json ? DecodedTokenFormat.jsonLine(token) : DecodedTokenFormat.listing(token, input: number))
      } catch {
        failures += 1
        output.flush()  // keep stdout and stderr in input order on a terminal
        StandardStreams.writeError("input \(number): \(error)\n")
      }
    }
    output.flush()
    if failures > 0 { throw ExitCode.usage }
  }

  /// The token inside `text`: `text` itself, or the token parameter when it is a URL.
  static func tokenText(in text: String) throws -> String {
    // Base64URL never contains ':' or '?', so either one means a URL.
    guard text.contains(":") || text.contains("?") else { return text }
    guard let token = LinkOutURL.token(in: text) else { throw NotALinkOutURL() }
    return token
  }

  /// Non-blank lines of standard input, numbered by line.
  static func standardInputLines() -> [(Int, String)] {
    var lines: [(Int, String)] = []
    var number = 0
    while let line = readLine(strippingNewline: true) {
      number += 1
      if !line.allSatisfy(\.isWhitespace) { lines.append((number, line)) }
    }
    return lines
  }

  struct NotALinkOutURL: Error, CustomStringConvertible {
    var description: String {
      "This looks like a URL but has no usable \(LinkOutURL.tokenParameterName) query parameter "
        + "(missing, or with a malformed percent escape)."
    }
  }
}
