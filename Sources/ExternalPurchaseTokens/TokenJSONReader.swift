/// Reads a token's JSON object field by field into a token.
///
/// Problems are ranked so the message points at the root cause: a syntax error
/// anywhere beats a field problem (the first in source order), which beats a
/// missing field, which beats a cross-field rule; in strict mode, deviations from
/// the canonical form come last, because they only matter once the token is valid.
struct TokenJSONReader {
  private var reader: JSONByteReader
  private let strict: Bool

  // Plain stored properties, not collections: a token decodes without allocating for them.
  private var appAppleId: Int64?
  private var tokenCreationDate: Int64?
  private var tokenExpirationDate: Int64?
  private var bundleId: String?
  private var externalPurchaseId: String?
  private var tokenType: CustomLinkTokenType?
  /// One bit per `TokenField` raw value.
  private var seenFields: UInt8 = 0
  private var extraFields: [JSONMember] = []
  /// Known fields in source order; filled in strict mode only, where the order matters.
  private var sourceOrder: [TokenField] = []
  private var firstFieldProblem: TokenDecodingError.Reason?
  private var firstEncodingDeviation: TokenDecodingError.Deviation?

  /// Strict mode: the first difference from the canonical JSON, known after `read()`.
  private(set) var deviation: TokenDecodingError.Deviation?

  init(_ json: UnsafeBufferPointer<UInt8>, strict: Bool) {
    reader = JSONByteReader(json)
    self.strict = strict
  }

  /// Reads the token; call once.
  mutating func read() throws(TokenDecodingError) -> ExternalPurchaseToken {
    reader.skipWhitespace()
    guard reader.current == UInt8(ascii: "{") else { throw try notAnObject() }
    try readMembers()
    let whitespaceInside = reader.firstWhitespace
    reader.firstWhitespace = nil
    reader.skipWhitespace()
    let whitespaceAfter = reader.firstWhitespace
    if !reader.isAtEnd { throw reader.syntaxError(expected: "the end of the JSON after the object") }
    if let firstFieldProblem { throw TokenDecodingError(firstFieldProblem) }
    if strict {
      if let whitespaceInside {
        deviation = .whitespaceInJSON(offset: whitespaceInside)
      } else if let whitespaceAfter {
        deviation = .whitespaceAfterJSON(offset: whitespaceAfter)
      } else if let extra = extraFields.first {
        deviation = .extraField(name: extra.name)
      } else {
        deviation = fieldOrderDeviation() ?? firstEncodingDeviation
      }
    }
    return try assembleToken()
  }

  /// The error for JSON that does not start with `{`: a syntax error, or a valid non-object.
  private mutating func notAnObject() throws(TokenDecodingError) -> TokenDecodingError {
    guard JSONByteReader.kind(startingWith: reader.current) != nil else {
      return reader.syntaxError(expected: "'{' to start the token object")
    }
    let value = try reader.readValue(depth: 0)
    reader.skipWhitespace()
    if !reader.isAtEnd { return reader.syntaxError(expected: "the end of the JSON") }
    return TokenDecodingError(.topLevelNotObject(found: value.kind))
  }

  private mutating func readMembers() throws(TokenDecodingError) {
    reader.position += 1
    reader.skipWhitespace()
    if reader.current == UInt8(ascii: "}") {
      reader.position += 1
      return
    }
    while true {
      reader.skipWhitespace()
      try readMember()
      reader.skipWhitespace()
      if reader.current == UInt8(ascii: "}") {
        reader.position += 1
        return
      }
      try reader.consume(UInt8(ascii: ","), expected: "',' or '}'")
    }
  }

  private mutating func readMember() throws(TokenDecodingError) {
    let nameOffset = reader.position
    guard reader.current == UInt8(ascii: "\"") else {
      throw reader.syntaxError(expected: "a field name in double quotes")
    }
    let nameToken = try reader.readStringToken()
    reader.skipWhitespace()
    try reader.consume(UInt8(ascii: ":"), expected: "':' after the field name")
    reader.skipWhitespace()

    let field: TokenField?
    var name: String?
    if nameToken.hasEscapes {
      let unescaped = reader.string(from: nameToken)
      name = unescaped
      field = TokenField(name: unescaped)
    } else {
      field = TokenField(
        nameBytes: UnsafeBufferPointer(rebasing: reader.bytes[nameToken.start..<nameToken.end]))
    }
    guard let field else {
      let extraName = name ?? reader.string(from: nameToken)
      let value = try reader.readValue(depth: 1)
      if extraFields.contains(where: { $0.name == extraName }) {
        noteProblem(.duplicateField(name: extraName, offset: nameOffset))
      }
      extraFields.append(JSONMember(name: extraName, value: value))
      return
    }
    if strict {
      sourceOrder.append(field)
      if nameToken.hasEscapes { noteDeviation(.nonCanonicalString(field: field.name, offset: nameOffset)) }
    }
    let bit: UInt8 = 1 << field.rawValue
    if seenFields & bit != 0 {
      noteProblem(.duplicateField(name: field.name, offset: nameOffset))
      _ = try reader.readValue(depth: 1)
      return
    }
    seenFields |= bit
    if field.holdsInteger {
      try readInteger(field)
    } else {
      try readString(field)
    }
  }

  private mutating func readInteger(_ field: TokenField) throws(TokenDecodingError) {
    guard JSONByteReader.kind(startingWith: reader.current) == .number else {
      let found = try reader.readValue(depth: 1).kind
      noteProblem(.wrongType(field: field.name, expected: .number, found: found))
      return
    }
    let start = reader.position
    if let value = reader.readSmallInteger() {
      store(value, in: field)
      if strict && value == 0 && reader.position - start != 1 {
        noteDeviation(.nonCanonicalNumber(field: field.name, text: "-0"))
      }
      return
    }
    let number = try reader.readNumberToken()
    guard number.isInteger else {
      noteProblem(.nonIntegerNumber(field: field.name, text: reader.text(of: number)))
      return
    }
    guard let value = reader.int64(of: number) else {
      noteProblem(.integerOutOfRange(field: field.name, text: reader.text(of: number)))
      return
    }
    store(value, in: field)
  }

  private mutating func store(_ value: Int64, in field: TokenField) {
    switch field {
    case .appAppleId: appAppleId = value
    case .tokenCreationDate: tokenCreationDate = value
    default: tokenExpirationDate = value
    }
  }

  private mutating func readString(_ field: TokenField) throws(TokenDecodingError) {
    let offset = reader.position
    guard reader.current == UInt8(ascii: "\"") else {
      let found = try reader.readValue(depth: 1).kind
      noteProblem(.wrongType(field: field.name, expected: .string, found: found))
      return
    }
    let token = try reader.readStringToken()
    if field == .tokenType && !token.hasEscapes,
      let type = CustomLinkTokenType(
        utf8: UnsafeBufferPointer(rebasing: reader.bytes[token.start..<token.end]))
    {
      tokenType = type  // the common case, matched without making a string
      return
    }
    let value = reader.string(from: token)
    if strict && token.hasEscapes && !writtenCanonically(value, from: offset) {
      noteDeviation(.nonCanonicalString(field: field.name, offset: offset))
    }
    switch field {
    case .bundleId: bundleId = value
    case .externalPurchaseId: externalPurchaseId = value
    default:
      if let type = CustomLinkTokenType(rawValue: value) {
        tokenType = type
      } else {
        noteProblem(.unknownTokenType(value))
      }
    }
  }

  /// Whether the literal at `offset` (from its opening quote) is what the encoder writes for `value`.
  private func writtenCanonically(_ value: String, from offset: Int) -> Bool {
    let canonical = Array(JSONText.quoted(value).utf8)
    let end = reader.position
    return end - offset == canonical.count
      && canonical.indices.allSatisfy { reader.bytes[offset + $0] == canonical[$0] }
  }

  private mutating func noteProblem(_ reason: TokenDecodingError.Reason) {
    if firstFieldProblem == nil { firstFieldProblem = reason }
  }

  private mutating func noteDeviation(_ deviation: TokenDecodingError.Deviation) {
    if firstEncodingDeviation == nil { firstEncodingDeviation = deviation }
  }

  /// Moves the values out (`take()`), so the strings are not copied and released again.
  private mutating func assembleToken() throws(TokenDecodingError) -> ExternalPurchaseToken {
    guard let appAppleId else { throw TokenDecodingError(.missingField("appAppleId")) }
    guard let bundleId = bundleId.take() else { throw TokenDecodingError(.missingField("bundleId")) }
    guard let creation = tokenCreationDate else {
      throw TokenDecodingError(.missingField("tokenCreationDate"))
    }
    guard let externalPurchaseId = externalPurchaseId.take() else {
      throw TokenDecodingError(.missingField("externalPurchaseId"))
    }
    let expiration = tokenExpirationDate
    try Self.checkCustomLinkFields(creation: creation, tokenType: tokenType, expiration: expiration)
    return ExternalPurchaseToken(
      appAppleId: appAppleId, bundleId: bundleId, tokenCreationDate: creation,
      externalPurchaseId: externalPurchaseId, tokenType: tokenType, tokenExpirationDate: expiration,
      extraFields: extraFields.isEmpty ? [] : Self.take(&extraFields))
  }

  /// The rules that tie `tokenType` and the dates together; the canonical fast path shares them.
  static func checkCustomLinkFields(
    creation: Int64, tokenType: CustomLinkTokenType?, expiration: Int64?
  ) throws(TokenDecodingError) {
    if tokenType != nil && expiration == nil { throw TokenDecodingError(.tokenTypeWithoutExpiration) }
    if tokenType == nil && expiration != nil { throw TokenDecodingError(.expirationWithoutTokenType) }
    if let expiration, expiration <= creation {
      throw TokenDecodingError(.expirationNotAfterCreation(creation: creation, expiration: expiration))
    }
  }

  /// The first known field that stands out of Apple's order.
  private func fieldOrderDeviation() -> TokenDecodingError.Deviation? {
    let canonical = sourceOrder.sorted { $0.rawValue < $1.rawValue }
    for (found, expected) in zip(sourceOrder, canonical) where found != expected {
      return .fieldOrder(found: found.name, expected: expected.name)
    }
    return nil
  }

  private static func take(_ members: inout [JSONMember]) -> [JSONMember] {
    var taken: [JSONMember] = []
    swap(&taken, &members)
    return taken
  }
}
