import ExternalPurchaseTokens

/// JSON as Xcode writes a `.storekit` file: 2-space indent, `" : "`, keys sorted, non-ASCII raw.
enum XcodeJSON {
  static func text(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: "", into: &out)
    return out + "\n"
  }

  private static func write(_ value: JSONValue, indent: String, into out: inout String) {
    let inner = indent + "  "
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let text): out += text
    case .string(let text): out += JSONText.quoted(text)
    case .array(let items):
      // Xcode spreads even an empty array over two lines.
      out += "[\n"
      for (index, item) in items.enumerated() {
        out += inner
        write(item, indent: inner, into: &out)
        out += index == items.count - 1 ? "\n" : ",\n"
      }
      out += indent + "]"
    case .object(let members):
      let sorted = members.sorted { $0.name < $1.name }
      guard !sorted.isEmpty else {
        out += "{\n\(indent)}"
        return
      }
      out += "{\n"
      for (index, member) in sorted.enumerated() {
        out += inner + JSONText.quoted(member.name) + " : "
        write(member.value, indent: inner, into: &out)
        out += index == sorted.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }
}
