/// A JSON value as read from a token, kept exactly enough to write it back.
///
/// Numbers keep their source text, so integers beyond 2^53 and decimals are
/// never rounded on the way through.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])
}

/// One `"name": value` pair of a JSON object, in source order.
public struct JSONMember: Hashable, Sendable {
  public var name: String
  public var value: JSONValue

  public init(name: String, value: JSONValue) {
    self.name = name
    self.value = value
  }
}
