extension JSONBytes {
  /// Appends `value` as compact JSON; `JSONText.serialize` is this, as a string.
  public static func appendJSON(_ value: JSONValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: appendLiteral("null", to: &bytes)
    case .bool(let flag): appendLiteral(flag ? "true" : "false", to: &bytes)
    case .number(let text): appendUTF8(text, to: &bytes)
    case .string(let text): appendQuoted(text, to: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        appendJSON(item, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members): appendObject(members, to: &bytes)
    }
  }

  /// Appends the members as one compact JSON object, in their order.
  public static func appendObject(_ members: [JSONMember], to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
    for (index, member) in members.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendQuoted(member.name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      appendJSON(member.value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}

extension JSONBytes {
  /// Appends `token.shownMembers` as one compact JSON object, written from the declaration
  /// without building the members: `epsim decode --json` writes every token that is not in the
  /// canonical layout through here (TokenFieldDeclarationTests holds the two equal).
  public static func appendShownMembers(of token: ExternalPurchaseToken, to bytes: inout [UInt8]) {
    // Each member's opening is one append of a literal; the first one's comma (there always is
    // a first: the base fields are never absent) is then overwritten with the opening brace.
    let start = bytes.count
    for field in declaredFields {
      guard let value = field.value(in: token) else { continue }
      appendLiteral(field.compactOpening, to: &bytes)
      switch value {
      case .integer(let number): appendInteger(number, to: &bytes)
      case .text(let text): appendQuoted(text, to: &bytes)
      }
    }
    bytes[start] = UInt8(ascii: "{")
    for extra in token.extraFields {
      bytes.append(UInt8(ascii: ","))
      appendQuoted(DerivedTokenField.shownName(ofExtra: extra.name), to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      appendJSON(extra.value, to: &bytes)
    }
    for derived in derivedFields {
      appendLiteral(derived.compactOpening, to: &bytes)
      appendQuoted(derived.value(in: token), to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  // Kept, not asked of `allCases` per token: that would build the arrays each time.
  private static let declaredFields = TokenField.allCases
  private static let derivedFields = DerivedTokenField.allCases
}
