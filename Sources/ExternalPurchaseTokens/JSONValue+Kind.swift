extension JSONValue {
  /// The six kinds of JSON value, used to say what a field holds and what it should hold.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case object
    case array
    case string
    case number
    case boolean
    case null

    /// The kind with its article, for error sentences ("an object", "a string").
    public var phrase: String {
      switch self {
      case .object: return "an object"
      case .array: return "an array"
      case .string: return "a string"
      case .number: return "a number"
      case .boolean: return "a boolean"
      case .null: return "null"
      }
    }
  }

  /// Which kind of value this is.
  public var kind: Kind {
    switch self {
    case .null: return .null
    case .bool: return .boolean
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }
}
