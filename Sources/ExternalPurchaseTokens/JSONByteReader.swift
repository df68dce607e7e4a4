/// A small JSON reader over UTF-8 bytes, made for token payloads.
///
/// It works on a buffer the caller owns and makes Swift values only where asked,
/// so the token decoder can match field names and read integers without
/// allocating. Arrays and objects nest at most `maximumDepth` deep, so hostile
/// input cannot exhaust the stack. The bytes must already be valid UTF-8.
struct JSONByteReader {
  /// Deep enough for any plausible extra field, shallow enough that recursion is safe.
  static let maximumDepth = 64

  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  /// The first whitespace byte skipped so far; strict mode reports it.
  var firstWhitespace: Int?

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The byte at the current position, `nil` at the end.
  var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// Skips JSON whitespace (space, tab, newline, carriage return), remembering where it began.
  mutating func skipWhitespace() {
    let start = position
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default:
        if position != start && firstWhitespace == nil { firstWhitespace = start }
        return
      }
    }
    if position != start && firstWhitespace == nil { firstWhitespace = start }
  }

  /// Consumes `byte` or throws a syntax error that names `expected`.
  mutating func consume(_ byte: UInt8, expected: String) throws(TokenDecodingError) {
    guard current == byte else { throw syntaxError(expected: expected) }
    position += 1
  }

  /// Consumes `literal` if the bytes at the current position spell it; otherwise moves nowhere.
  mutating func consumeLiteral(_ literal: StaticString) -> Bool {
    guard bytes.hasLiteral(literal, at: position) else { return false }
    position += literal.utf8CodeUnitCount
    return true
  }

  /// A syntax error at the current position.
  func syntaxError(expected: String) -> TokenDecodingError {
    syntaxError(expected: expected, at: position)
  }

  /// A syntax error at `offset`, describing the byte found there.
  func syntaxError(expected: String, at offset: Int) -> TokenDecodingError {
    TokenDecodingError(.jsonSyntax(offset: offset, expected: expected, found: describeByte(at: offset)))
  }

  private func describeByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the JSON" }
    let byte = bytes[offset]
    if byte >= 0x80 {
      let slice = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)])
      let character = String(decoding: slice, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
      return "'\(character)'"
    }
    return TokenDecodingError.Reason.show(Unicode.Scalar(byte))
  }

  /// The kind of value that starts with `byte`, or `nil` when no value can start there.
  static func kind(startingWith byte: UInt8?) -> JSONValue.Kind? {
    guard let byte else { return nil }
    switch byte {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    default: return nil
    }
  }

  /// Reads any value; `depth` is how many arrays and objects enclose it.
  mutating func readValue(depth: Int) throws(TokenDecodingError) -> JSONValue {
    switch Self.kind(startingWith: current) {
    case .object: return .object(try readObject(depth: depth + 1))
    case .array: return .array(try readArray(depth: depth + 1))
    case .string: return .string(try string(from: readStringToken()))
    case .number: return .number(text(of: try readNumberToken()))
    case .boolean:
      if current == UInt8(ascii: "t") {
        try readLiteral("true")
        return .bool(true)
      }
      try readLiteral("false")
      return .bool(false)
    case .null:
      try readLiteral("null")
      return .null
    case nil:
      throw syntaxError(expected: "a JSON value")
    }
  }

  private mutating func readObject(depth: Int) throws(TokenDecodingError) -> [JSONMember] {
    try checkDepth(depth)
    position += 1
    skipWhitespace()
    var members: [JSONMember] = []
    if current == UInt8(ascii: "}") {
      position += 1
      return members
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw syntaxError(expected: "a field name in double quotes")
      }
      let name = try string(from: readStringToken())
      skipWhitespace()
      try consume(UInt8(ascii: ":"), expected: "':' after the field name")
      skipWhitespace()
      members.append(JSONMember(name: name, value: try readValue(depth: depth)))
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        position += 1
        return members
      }
      try consume(UInt8(ascii: ","), expected: "',' or '}'")
    }
  }

  private mutating func readArray(depth: Int) throws(TokenDecodingError) -> [JSONValue] {
    try checkDepth(depth)
    position += 1
    skipWhitespace()
    var items: [JSONValue] = []
    if current == UInt8(ascii: "]") {
      position += 1
      return items
    }
    while true {
      skipWhitespace()
      items.append(try readValue(depth: depth))
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        position += 1
        return items
      }
      try consume(UInt8(ascii: ","), expected: "',' or ']'")
    }
  }

  private func checkDepth(_ depth: Int) throws(TokenDecodingError) {
    if depth > Self.maximumDepth {
      throw TokenDecodingError(.nestingTooDeep(offset: position, limit: Self.maximumDepth))
    }
  }

  private mutating func readLiteral(_ literal: StaticString) throws(TokenDecodingError) {
    let expected = "\(literal)"
    for index in 0..<literal.utf8CodeUnitCount {
      guard current == literal.utf8Start[index] else { throw syntaxError(expected: "'\(expected)'") }
      position += 1
    }
  }
}
