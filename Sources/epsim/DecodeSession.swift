import AppleSigning
import ExternalPurchaseTokens
import Foundation

/// Decodes inputs of `epsim decode` into one large output buffer, so a log of tokens streams
/// through without a string per line; `write` hands the buffer and the failures to the terminal.
///
/// One session decodes one block of standard input at a time; blocks are decoded on several
/// threads, each into a session of its own, and written in input order.
struct DecodeSession {
  let decoder: TokenDecoder
  let json: Bool
  /// How many inputs were decoded or failed (blank lines of standard input do not count).
  private(set) var inputs = 0
  private(set) var failures = 0
  /// Output not yet written.
  private var output: [UInt8] = []
  /// Failures not yet written, each with the place in `output` where it happened, so standard
  /// output and standard error stay in input order on a terminal.
  private var failureNotes: [(outputCount: Int, number: Int, message: String)] = []

  init(decoder: TokenDecoder, json: Bool) {
    self.decoder = decoder
    self.json = json
  }

  /// Decodes every line of `block`, numbered from `firstNumber`; returns how many lines it held.
  mutating func decode(block: UnsafeBufferPointer<UInt8>, firstNumber: Int) -> Int {
    LineBlock.forEachLine(in: block, firstNumber: firstNumber) { number, line in
      decode(line: line, number: number)
    }
  }

  /// Writes the output and the failures so far, in input order, and forgets them. Failures are
  /// reported as `input N`, N being their number plus `numberOffset` (a block decoded apart from
  /// the others numbers its lines from 1).
  mutating func write(numberOffset: Int = 0) {
    var written = 0
    for note in failureNotes {
      StandardStreams.writeOutput(output[written..<note.outputCount])
      written = note.outputCount
      StandardStreams.writeError("input \(note.number + numberOffset): \(note.message)\n")
    }
    StandardStreams.writeOutput(output[written...])
    output.removeAll(keepingCapacity: true)
    failureNotes.removeAll()
  }

  /// One line of standard input. ASCII lines (every real token) are trimmed and decoded from
  /// their bytes; any other line takes the text path, which repairs bad UTF-8 and knows Unicode
  /// blanks, exactly as the command always did.
  mutating func decode(line: UnsafeBufferPointer<UInt8>, number: Int) {
    // Most lines are canonical tokens. A line that decodes as one holds only Base64URL bytes, so
    // it is ASCII and no URL: it needs neither the scan below nor anything after it.
    let trimmed = Self.trimmingSpacesAndTabs(line)
    if !trimmed.isEmpty, decoder.withCanonicalView(utf8: trimmed, { write($0, number: number) }) {
      inputs += 1
      return
    }
    let (isASCII, hasURLMark) = Self.scan(line)
    guard isASCII else {
      let text = String(decoding: line, as: UTF8.self)
      if !text.allSatisfy(\.isWhitespace) { decode(text: text, number: number) }
      return
    }
    if trimmed.allSatisfy(Self.isASCIIWhitespace) { return }  // stops at the first other byte
    inputs += 1
    // Not a canonical token (tried above): the full decoder, which knows every other form.
    do throws(any Error) {
      // Base64URL never contains ':' or '?', so either one means a URL, rare enough for a string.
      let token =
        hasURLMark
        ? try decoder.decode(DecodeCommand.tokenText(in: String(decoding: trimmed, as: UTF8.self)))
        : try decoder.decode(utf8: trimmed)
      write(token, number: number)
    } catch {
      failOrShowJWS(number, error, text: String(decoding: trimmed, as: UTF8.self))
    }
  }

  /// One argument, or a line that is not ASCII: trimmed of Unicode spaces and tabs, then decoded.
  /// An argument that names a file (or looks like a path) gets a hint to redirect it instead.
  mutating func decode(text: String, number: Int, isArgument: Bool = false) {
    inputs += 1
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    do {
      if isArgument, let path = FilePathArgument(trimmed) { throw path }
      write(try decoder.decode(try DecodeCommand.tokenText(in: trimmed)), number: number)
    } catch {
      failOrShowJWS(number, error, text: trimmed)
    }
  }

  private mutating func write(_ token: ExternalPurchaseToken, number: Int) {
    if json {
      DecodedTokenFormat.appendJSONLine(token, to: &output)
    } else {
      DecodedTokenFormat.appendListing(token, input: number, to: &output)
    }
  }

  private mutating func write(_ view: CanonicalTokenView, number: Int) {
    if json {
      DecodedTokenFormat.appendJSONLine(view, to: &output)
    } else {
      DecodedTokenFormat.appendListing(view, input: number, to: &output)
    }
  }

  /// Signed data (a JWS, which a token never is: Base64URL has no '.') is shown instead of
  /// failing; anything else is the token's error. Checked only after a token failed, so tokens
  /// pay nothing for it.
  private mutating func failOrShowJWS(_ number: Int, _ error: any Error, text: String) {
    guard let jws = UnverifiedJWS(input: text) else { return fail(number, error) }
    let shown = json ? jws.jsonLine() : jws.listing(input: number)
    output.append(contentsOf: shown.utf8)
  }

  private mutating func fail(_ number: Int, _ error: any Error) {
    failures += 1
    failureNotes.append((output.count, number, "\(error)"))
  }

  /// Whether `line` is all ASCII, and whether it holds ':' or '?' (a URL), eight bytes at a
  /// time: a byte equal to c makes (word ^ c*0x01..01) have a zero byte, which the classic
  /// (x - 0x01..01) & ~x & 0x80..80 test finds.
  private static func scan(_ line: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasURLMark: Bool) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var bits: UInt64 = 0
    var marks: UInt64 = 0
    var offset = 0
    if let base = line.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= line.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        bits |= word
        let colon = word ^ (ones &* 0x3A)
        let question = word ^ (ones &* 0x3F)
        marks |= ((colon &- ones) & ~colon) | ((question &- ones) & ~question)
        offset += 8
      }
    }
    var hasMark = marks & highs != 0
    while offset < line.count {
      bits |= UInt64(line[offset])
      hasMark = hasMark || line[offset] == UInt8(ascii: ":") || line[offset] == UInt8(ascii: "?")
      offset += 1
    }
    return (bits & highs == 0, hasMark)
  }

  /// `line` without the spaces and tabs at either end (what `CharacterSet.whitespaces` trims in ASCII).
  private static func trimmingSpacesAndTabs(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>
  {
    var lower = 0
    var upper = line.count
    while lower < upper, line[lower] == 0x20 || line[lower] == 0x09 { lower += 1 }
    while upper > lower, line[upper - 1] == 0x20 || line[upper - 1] == 0x09 { upper -= 1 }
    return UnsafeBufferPointer(rebasing: line[lower..<upper])
  }

  /// `Character.isWhitespace` for an ASCII byte: tab, line feed, vertical tab, form feed, return, space.
  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    (0x09...0x0D).contains(byte) || byte == 0x20
  }
}
