/// Finds the first XML error in a document, checking only what Foundation's plist reader checks.
struct XMLSyntaxScanner {
  // `PropertyListSerialization` says that an XML file is broken but not where, so `epsim lint`
  // reads the bytes once more to point at the error. The one question is where Foundation's
  // reader stopped, so the scanner is exactly as lenient as that reader, which reads XML loosely;
  // a stricter scanner would blame a file for something Foundation takes (the tests check on
  // random mutations of a plist that whatever Foundation reads, this scanner passes):
  // - a start tag ends at its first '>', quotes or not, and the bytes between its name and that
  //   '>' are not read: attributes are never parsed, so `<plist version="1.0>` passes, as there;
  // - characters in text are not checked (control characters, `]]>`), nor `--` in a comment;
  // - a character reference may name any Unicode scalar, U+0000 included, even with no digits
  //   (`&#;` is U+0000 to Foundation); only surrogates and values past U+10FFFF are refused;
  // - references in the text of `<data>` are not checked: Foundation skips every byte there that
  //   is not base64, '&' and ';' included;
  // - nothing after the end of the root element is read, as Foundation reads nothing there.
  // What Foundation refuses as a property list rather than as XML (an unknown tag, text between
  // the elements of a dictionary) passes here, so Foundation's own message, with its line, is
  // shown. Open elements are kept on a stack, not in recursion, so deep nesting cannot overflow;
  // every read is bounds-checked and every step moves forward, so no input traps or loops forever.

  private let bytes: [UInt8]
  private var index = 0
  /// The names of the open elements, innermost last, as ranges of `bytes`.
  private var open: [Range<Int>] = []
  /// Set when the root element has ended (or Foundation refuses the DOCTYPE): the rest is not read.
  private var finished = false

  /// The first error in `bytes`, or nil when Foundation's reader would find none as XML.
  static func firstError(in bytes: [UInt8]) -> XMLSyntaxError? {
    var scanner = XMLSyntaxScanner(bytes: bytes)
    return scanner.scan()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func scan() -> XMLSyntaxError? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while !finished {
      guard let byte = byte(at: index) else { return endsTooEarly() }
      switch byte {
      case UInt8(ascii: "<"):
        if let error = scanMarkup() { return error }
      case UInt8(ascii: "&") where !open.isEmpty && !isInData:
        if let error = scanReference() { return error }
      default:
        if open.isEmpty, !Self.isWhitespace(byte) {
          return unexpected(at: index, .notWellFormed("text before the root element"))
        }
        index += 1
      }
    }
    return nil
  }

  /// `index` is at a '<'.
  private mutating func scanMarkup() -> XMLSyntaxError? {
    let start = index
    guard let next = byte(at: start + 1) else { return endsTooEarly() }
    switch next {
    case UInt8(ascii: "?"):
      // Foundation looks for the "?>" from the '?' itself inside an element (so `<?>` is closed
      // there) but from the byte after it before the root; each place is read as it reads it.
      let from = open.isEmpty ? start + 2 : start + 1
      return skip(past: "?>", from: from, unclosed: "a processing instruction that is never closed")
    case UInt8(ascii: "!"):
      return scanDeclaration()
    case UInt8(ascii: "/"):
      return scanEndTag()
    default:
      if Self.isNameStart(next) { return scanStartTag() }
      // An invisible control character is named as what it is (see `unexpected`).
      if Self.isDisallowedControl(next) {
        return XMLSyntaxError(kind: .disallowedCharacter, offset: start + 1)
      }
      return XMLSyntaxError(kind: .unescapedAmpersandOrLessThan, offset: start)
    }
  }

  /// `index` is at "<!": a comment, a CDATA section inside an element, a DOCTYPE before the root.
  private mutating func scanDeclaration() -> XMLSyntaxError? {
    let start = index
    let rest = bytes[(start + 2)...]
    let keyword = open.isEmpty ? "DOCTYPE" : "[CDATA["
    if rest.starts(with: "--".utf8) {
      // Foundation looks for the "-->" from the byte after "<!--" inside an element but one byte
      // later before the root (so `<!---->` does not close there); each place is read so.
      let from = open.isEmpty ? start + 5 : start + 4
      return skip(past: "-->", from: from, unclosed: "a comment that is never closed")
    }
    if rest.starts(with: keyword.utf8) {
      if open.isEmpty { return skipDoctype() }
      return skip(past: "]]>", from: start + 9, unclosed: "a CDATA section that is never closed")
    }
    // The file ends inside the keyword itself.
    if "--".utf8.starts(with: rest) || keyword.utf8.starts(with: rest) { return endsTooEarly() }
    return XMLSyntaxError(
      kind: .notWellFormed("'<!' that starts no comment, CDATA section or DOCTYPE"), offset: start)
  }

  /// `index` is at "<!DOCTYPE", which Foundation ends at its first '>'.
  private mutating func skipDoctype() -> XMLSyntaxError? {
    let from = index + "<!DOCTYPE".utf8.count
    guard from <= bytes.count,
      let close = bytes[from...].firstIndex(where: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "[") })
    else {
      return XMLSyntaxError(kind: .notWellFormed("a DOCTYPE that is never closed"), offset: index)
    }
    // An internal subset (`[...]`) is well-formed XML that Foundation refuses outright, in words
    // that say it best ("unexpected character [ on line 2 while parsing DTD"): nothing more is read.
    finished = bytes[close] == UInt8(ascii: "[")
    index = close + 1
    return nil
  }

  /// `index` is at a '<' followed by the first character of a name.
  private mutating func scanStartTag() -> XMLSyntaxError? {
    let name = (index + 1)..<endOfName(from: index + 1)
    guard let after = byte(at: name.upperBound) else { return endsTooEarly() }
    guard after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || Self.isWhitespace(after) else {
      return unexpected(at: name.upperBound, .tagWithoutGreaterThan)
    }
    guard let close = bytes[name.upperBound...].firstIndex(of: UInt8(ascii: ">")) else {
      return endsTooEarly()
    }
    index = close + 1
    // Empty when the byte before the '>' is '/', which is Foundation's test too. The name is not
    // empty, so `close - 1` is inside the tag.
    if bytes[close - 1] == UInt8(ascii: "/") {
      finished = open.isEmpty
    } else {
      open.append(name)
    }
    return nil
  }

  /// `index` is at "</".
  private mutating func scanEndTag() -> XMLSyntaxError? {
    let name = (index + 2)..<endOfName(from: index + 2)
    var position = name.upperBound
    while let byte = byte(at: position), Self.isWhitespace(byte) { position += 1 }
    guard let close = byte(at: position) else { return endsTooEarly() }
    guard close == UInt8(ascii: ">") else { return unexpected(at: position, .tagWithoutGreaterThan) }
    // Reported just past the '>', libxml2's column, which a test and docs/tools.md pin.
    guard let innermost = open.last, bytes[innermost].elementsEqual(bytes[name]) else {
      return XMLSyntaxError(kind: .closingTagMismatch, offset: position + 1)
    }
    open.removeLast()
    finished = open.isEmpty
    index = position + 1
    return nil
  }

  /// `index` is at a '&' in the text of an element. Errors are reported at the offending byte
  /// (libxml2 reported some one byte later; no test pins those).
  private mutating func scanReference() -> XMLSyntaxError? {
    let start = index
    guard let next = byte(at: start + 1) else { return endsTooEarly() }
    if next == UInt8(ascii: "#") { return scanCharacterReference() }
    guard Self.isNameStart(next) else {
      if Self.isDisallowedControl(next) {
        return XMLSyntaxError(kind: .disallowedCharacter, offset: start + 1)
      }
      return XMLSyntaxError(kind: .unescapedAmpersandOrLessThan, offset: start)
    }
    let name = (start + 1)..<endOfName(from: start + 1)
    guard let semicolon = byte(at: name.upperBound) else { return endsTooEarly() }
    guard semicolon == UInt8(ascii: ";") else {
      return unexpected(at: name.upperBound, .entityWithoutSemicolon)
    }
    // No DOCTYPE that Foundation reads declares an entity, so only XML's five exist.
    guard ["lt", "gt", "amp", "apos", "quot"].contains(where: { bytes[name].elementsEqual($0.utf8) }) else {
      return XMLSyntaxError(kind: .undefinedEntity, offset: start)
    }
    index = name.upperBound + 1
    return nil
  }

  /// `index` is at "&#": decimal digits, or 'x' and hexadecimal digits, then ';'.
  private mutating func scanCharacterReference() -> XMLSyntaxError? {
    let start = index
    var position = start + 2
    let radix: UInt32 = byte(at: position) == UInt8(ascii: "x") ? 16 : 10
    if radix == 16 { position += 1 }
    var value: UInt32 = 0
    while let byte = byte(at: position), let digit = Self.digitValue(byte, radix: radix) {
      // Capped just past U+10FFFF: any larger value is refused the same way, and it cannot overflow.
      value = min(value * radix + digit, 0x11_0000)
      position += 1
    }
    guard let end = byte(at: position) else { return endsTooEarly() }
    guard end == UInt8(ascii: ";") else { return unexpected(at: position, .entityWithoutSemicolon) }
    guard Unicode.Scalar(value) != nil else {
      return XMLSyntaxError(kind: .disallowedCharacter, offset: start)
    }
    index = position + 1
    return nil
  }

  /// Moves past the next `terminator` at or after `from`, or reports the construct begun at
  /// `index` as never closed, where it begins: its end is not to be found.
  private mutating func skip(past terminator: String, from: Int, unclosed: String) -> XMLSyntaxError? {
    let pattern = Array(terminator.utf8)
    guard from <= bytes.count, let found = bytes[from...].firstRange(of: pattern) else {
      return XMLSyntaxError(kind: .notWellFormed(unclosed), offset: index)
    }
    index = found.upperBound
    return nil
  }

  /// Reported after the last byte that is not white space: where a file cut short stops, as a
  /// truncated file usually ends with a line break (libxml2's column, which tests pin).
  private func endsTooEarly() -> XMLSyntaxError {
    let end = bytes.lastIndex { !Self.isWhitespace($0) }.map { $0 + 1 } ?? 0
    return XMLSyntaxError(kind: .endsTooEarly, offset: end)
  }

  /// `kind` at `offset`, unless the byte there is a control character XML never allows: an editor
  /// shows `</key>` where the file holds `</key` and U+0004, so "missing its closing '>'" would be
  /// a riddle there.
  private func unexpected(at offset: Int, _ kind: XMLSyntaxError.Kind) -> XMLSyntaxError {
    XMLSyntaxError(
      kind: Self.isDisallowedControl(bytes[offset]) ? .disallowedCharacter : kind, offset: offset)
  }

  /// Inside `<data>`, whose text Foundation reads as base64 and never as XML references.
  private var isInData: Bool {
    open.last.map { bytes[$0].elementsEqual("data".utf8) } ?? false
  }

  private func byte(at position: Int) -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Where the name starting at `start` ends; `start` itself when no name starts there.
  private func endOfName(from start: Int) -> Int {
    guard let first = byte(at: start), Self.isNameStart(first) else { return start }
    var end = start + 1
    while let byte = byte(at: end),
      Self.isNameStart(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    {
      end += 1
    }
    return end
  }

  /// ASCII letters, '_', ':' and every byte of a non-ASCII character: XML allows more than
  /// Foundation's tag names (ASCII letters), and a name it does not know fails there anyway.
  private static func isNameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isDisallowedControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && !isWhitespace(byte)
  }

  private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
