import Foundation

/// Any JSON value, read without a schema so the report parser can say precisely which field
/// is missing or of the wrong type (a typed `Decodable` would stop at the first problem).
enum LooseJSON: Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([LooseJSON])
  case object([String: LooseJSON])

  /// Parses JSON text; nil when the data is not exactly one JSON value.
  static func parse(_ data: Data) -> LooseJSON? {
    LooseJSONParser.parse(Array(data))
  }

  /// The kind in words, for "expected a string, found a number".
  var phrase: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
