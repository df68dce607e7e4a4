/// A small JSON parser straight from bytes to `LooseJSON`, for the report server's hot path:
/// Foundation's `JSONSerialization` on Linux spends most of its time bridging dictionaries,
/// which capped the server at a few thousand reports a second (docs/performance.md).
/// Strict RFC 8259: one value, optional surrounding whitespace, nesting at most 64 deep.
struct LooseJSONParser {
  private let bytes: [UInt8]
  private var offset = 0
  private var depth = 0

  static let maximumDepth = 64

  /// The value, or nil when the bytes are not exactly one JSON value.
  static func parse(_ bytes: [UInt8]) -> LooseJSON? {
    var parser = LooseJSONParser(bytes: bytes)
    guard let value = parser.value() else { return nil }
    parser.skipWhitespace()
    return parser.offset == bytes.count ? value : nil
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
  }

  private mutating func value() -> LooseJSON? {
    skipWhitespace()
    guard let byte = current else { return nil }
    switch byte {
    case UInt8(ascii: "{"): return object()
    case UInt8(ascii: "["): return array()
    case UInt8(ascii: "\""): return string().map(LooseJSON.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return number()
    }
  }

  private mutating func literal(_ text: StaticString, _ value: LooseJSON) -> LooseJSON? {
    let count = text.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return nil }
    let expected = UnsafeBufferPointer(start: text.utf8Start, count: count)
    guard bytes[offset..<offset + count].elementsEqual(expected) else { return nil }
    offset += count
    return value
  }

  private mutating func object() -> LooseJSON? {
    var members: [String: LooseJSON] = [:]
    let closed = items(closedBy: UInt8(ascii: "}")) { parser in
      parser.skipWhitespace()
      guard parser.current == UInt8(ascii: "\""), let name = parser.string() else { return false }
      parser.skipWhitespace()
      guard parser.current == UInt8(ascii: ":") else { return false }
      parser.offset += 1
      guard let member = parser.value() else { return false }
      members[name] = member
      return true
    }
    return closed ? .object(members) : nil
  }

  private mutating func array() -> LooseJSON? {
    var elements: [LooseJSON] = []
    let closed = items(closedBy: UInt8(ascii: "]")) { parser in
      guard let element = parser.value() else { return false }
      elements.append(element)
      return true
    }
    return closed ? .array(elements) : nil
  }

  /// The items of an object or array from its opening byte: `item` reads one (false when it
  /// cannot), then a comma goes on and `close` ends. False for anything else or nesting too deep.
  private mutating func items(closedBy close: UInt8, _ item: (inout LooseJSONParser) -> Bool) -> Bool {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { return false }
    offset += 1
    skipWhitespace()
    if current == close {
      offset += 1
      return true
    }
    while true {
      guard item(&self) else { return false }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case close:
        offset += 1
        return true
      default: return false
      }
    }
  }

  /// A string literal starting at the opening quote.
  private mutating func string() -> String? {
    offset += 1
    let start = offset
    // Fast path: no escapes, so the bytes between the quotes are the string.
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
      offset += 1
    }
    if current == UInt8(ascii: "\"") {
      defer { offset += 1 }
      return String(validating: bytes[start..<offset], as: UTF8.self)
    }
    var decoded = Array(bytes[start..<offset])
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(validating: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard appendEscape(to: &decoded) else { return nil }
      case 0..<0x20: return nil
      default:
        decoded.append(byte)
        offset += 1
      }
    }
    return nil
  }

  /// Decodes the escape at `offset` (the backslash) into UTF-8.
  private mutating func appendEscape(to decoded: inout [UInt8]) -> Bool {
    offset += 1
    guard let byte = current else { return false }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      guard var scalar = hex4() else { return false }
      if (0xD800..<0xDC00).contains(scalar) {
        // A high surrogate must be followed by an escaped low surrogate.
        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
        else {
          return false
        }
        offset += 2
        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { return false }
      decoded.append(contentsOf: Array(String(Character(unicode)).utf8))
    default: return false
    }
    return true
  }

  private mutating func hex4() -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; integers that fit Int64 stay exact.
  private mutating func number() -> LooseJSON? {
    let start = offset
    if current == UInt8(ascii: "-") { offset += 1 }
    guard let first = current, isDigit(first) else { return nil }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard let byte = current, isDigit(byte) else { return nil }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
      guard let byte = current, isDigit(byte) else { return nil }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    return Double(text).map(LooseJSON.number)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { offset += 1 }
  }
}
