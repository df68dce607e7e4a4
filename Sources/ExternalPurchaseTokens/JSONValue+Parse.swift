/// Where and why a JSON text could not be read: a byte offset and a sentence.
public struct JSONParseFailure: Error, Hashable, Sendable {
  /// Byte offset into the text where reading stopped.
  public var offset: Int
  public var reason: String
}

extension JSONValue {
  /// Reads one whole JSON text (valid UTF-8, nothing but whitespace after the value), keeping
  /// member order and number text, for readers of files other than tokens (`.storekit`).
  public static func parse(utf8 bytes: [UInt8]) throws(JSONParseFailure) -> JSONValue {
    let result: Result<JSONValue, JSONParseFailure> = bytes.withUnsafeBufferPointer { buffer in
      if let bad = UTF8Validation.firstInvalidOffset(in: buffer) {
        return .failure(JSONParseFailure(offset: bad, reason: "the text is not valid UTF-8"))
      }
      var reader = JSONByteReader(buffer)
      do throws(TokenDecodingError) {
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if !reader.isAtEnd { throw reader.syntaxError(expected: "the end of the JSON") }
        return .success(value)
      } catch {
        return .failure(Self.failure(error, at: reader.position))
      }
    }
    return try result.get()
  }

  /// The offset and words of a reading error, without the token decoder's "at byte N".
  private static func failure(_ error: TokenDecodingError, at position: Int) -> JSONParseFailure {
    switch error.reason {
    case .jsonSyntax(let offset, let expected, let found):
      return JSONParseFailure(offset: offset, reason: "expected \(expected), found \(found)")
    case .nestingTooDeep(let offset, let limit):
      return JSONParseFailure(offset: offset, reason: "arrays or objects nest more than \(limit) levels deep")
    default:
      return JSONParseFailure(offset: position, reason: error.description)
    }
  }
}
