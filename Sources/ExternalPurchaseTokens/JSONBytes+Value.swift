extension JSONBytes {
  /// Appends `value` as compact JSON, byte for byte what `JSONText.serialize` returns.
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
