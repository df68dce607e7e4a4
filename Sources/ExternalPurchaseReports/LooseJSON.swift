/// Any JSON value, decoded without a schema so the report parser can say precisely which field
/// is missing or of the wrong type (a typed `Decodable` would stop at the first problem).
enum LooseJSON: Decodable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([LooseJSON])
  case object([String: LooseJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([LooseJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: LooseJSON].self))
    }
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
