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

  // Optional, so the help shows no number: the default is this machine's, not a constant.
  @Option(
    name: .customLong("jobs"), parsing: .unconditional,
    help:
      "Threads to decode standard input on (default: the number of cores); the output is the same for any number."
  )
  var jobsOption: Int?

  /// `--jobs`, or one thread per core.
  var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

  func run() throws {
    guard (1...256).contains(jobs) else {
      StandardStreams.writeError("epsim decode: --jobs must be between 1 and 256, found \(jobs)\n")
      throw ExitCode.usage
    }
    let decoder = TokenDecoder(mode: strict ? .strict : .lenient)
    var inputs = 0
    var failures = 0
    if tokens.isEmpty {
      let pool = DecodeSessionPool(count: jobs, decoder: decoder, json: json)
      var linesBefore = 0
      StandardInputBlocks.forEach(size: jobs * Self.blockSizePerJob) { block in
        linesBefore = pool.decode(block, linesBefore: linesBefore)
      }
      (inputs, failures) = pool.totals
    } else {
      var session = DecodeSession(decoder: decoder, json: json)
      for (offset, token) in tokens.enumerated() {
        session.decode(text: token, number: offset + 1, isArgument: true)
      }
      session.write()
      (inputs, failures) = (session.inputs, session.failures)
    }
    guard inputs > 0 else {
      StandardStreams.writeError("epsim decode: no tokens: give them as arguments or pipe one per line.\n")
      throw ExitCode.usage
    }
    if failures > 0 { throw ExitCode.usage }
  }

  /// How much standard input each thread decodes at a time: large enough that handing blocks to
  /// threads costs nothing next to decoding them, small enough to keep memory flat.
  static let blockSizePerJob = 1 << 20

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
