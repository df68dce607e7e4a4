import ExternalPurchaseTokens

/// Indented JSON text of a `JSONValue`: two spaces a level, members in the order given, so the
/// same value always gives the same bytes.
enum PrettyJSON {
  static func text(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: "", to: &output)
    return output + "\n"
  }

  private static func write(_ value: JSONValue, indent: String, to output: inout String) {
    let inner = indent + "  "
    switch value {
    case .array(let items) where !items.isEmpty:
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += inner
        write(item, indent: inner, to: &output)
        output += index == items.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .object(let members) where !members.isEmpty:
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += inner + JSONText.quoted(member.name) + ": "
        write(member.value, indent: inner, to: &output)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    default:
      output += JSONText.serialize(value)
    }
  }
}

/// Shorthands for building `JSONValue` trees.
extension JSONValue {
  static func int<T: BinaryInteger>(_ number: T) -> JSONValue { .number(String(number)) }
  static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
  static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(pairs.map { JSONMember(name: $0.key, value: $0.value) })
  }
}
