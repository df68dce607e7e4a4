import ExternalPurchaseTokens
import IndentedJSON

/// The scenario language's JSON documents (transcripts, commerce output) in epsim's indented style.
enum PrettyJSON {
  static func text(_ value: JSONValue) -> String {
    IndentedJSONStyle.epsim.text(value)
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
