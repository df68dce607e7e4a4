import ExternalPurchaseTokens

/// A JSON value with its path in the file, so every complaint names where the value is.
struct JSONNode {
  let value: JSONValue
  let path: String

  /// Member `key` of an object, nil when absent.
  func member(_ key: String) -> JSONNode? {
    guard case .object(let members) = value, let found = members.last(where: { $0.name == key }) else {
      return nil
    }
    return JSONNode(value: found.value, path: path.isEmpty ? key : path + "." + key)
  }

  /// The member names of an object, in file order.
  var keys: [String] {
    guard case .object(let members) = value else { return [] }
    return members.map(\.name)
  }

  /// Items of an array, each with its index in the path.
  func items() throws(NodeError) -> [JSONNode] {
    guard case .array(let items) = value else { throw NodeError(path, expected: "an array", found: value) }
    return items.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]") }
  }

  func object() throws(NodeError) -> JSONNode {
    guard case .object = value else { throw NodeError(path, expected: "an object", found: value) }
    return self
  }

  func string(_ expected: String = "a string") throws(NodeError) -> String {
    guard case .string(let text) = value else { throw NodeError(path, expected: expected, found: value) }
    return text
  }

  func bool() throws(NodeError) -> Bool {
    guard case .bool(let flag) = value else { throw NodeError(path, expected: "true or false", found: value) }
    return flag
  }

  /// An integer within `range`.
  func integer(_ expected: String, in range: ClosedRange<Int>) throws(NodeError) -> Int {
    guard case .number(let text) = value, let number = Int(text), range.contains(number) else {
      throw NodeError(path, expected: expected, found: value)
    }
    return number
  }

  /// Items of an optional array member; absent or `null` is empty.
  func list(_ key: String) throws(NodeError) -> [JSONNode] {
    guard let node = member(key), node.value != .null else { return [] }
    return try node.items()
  }

  /// A required string member that is not empty.
  func requiredString(_ key: String, _ expected: String) throws(NodeError) -> String {
    guard let node = member(key) else {
      throw NodeError(path.isEmpty ? key : path + "." + key, message: "missing: expected \(expected)")
    }
    let text = try node.string(expected)
    guard !text.isEmpty else { throw NodeError(node.path, expected: expected, found: node.value) }
    return text
  }
}

/// A value of the wrong kind or form at a JSON path.
struct NodeError: Error {
  let path: String
  let message: String

  init(_ path: String, message: String) {
    self.path = path
    self.message = message
  }

  init(_ path: String, expected: String, found: JSONValue) {
    self.init(path, message: "expected \(expected), found \(NodeError.describe(found))")
  }

  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return String(flag)
    case .number(let text): return text
    case .string(let text): return "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
