/// A JSON value of a body field, with booleans and numbers kept apart (JSONDecoder reads `true`
/// only as a Bool and `1` only as a number).
public enum JSONScalar: Equatable, Sendable, Decodable {
  case bool(Bool)
  case int(Int64)
  case string(String)
  case other

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else {
      self = .other
    }
  }

  /// The value as an error message quotes it: strings in quotes.
  public var text: String {
    if case .string(let value) = self { return "\"\(value)\"" }
    return plain
  }

  /// The value as the control API shows what was sent: strings without quotes.
  public var plain: String {
    switch self {
    case .bool(let value): return String(value)
    case .int(let value): return String(value)
    case .string(let value): return value
    case .other: return "an array, object, null or fraction"
    }
  }
}
