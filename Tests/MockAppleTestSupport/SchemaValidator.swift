import Foundation

/// Checks JSON values against the subset of JSON Schema the control API's OpenAPI document
/// uses: `$ref`, `type` (one or several), `required`, `properties`, `items`, `enum`.
package struct SchemaValidator {
  package let document: [String: Any]

  /// docs/control-api.openapi.json of this checkout.
  package static let controlAPIDocument = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/control-api.openapi.json")

  package init(document: [String: Any]) {
    self.document = document
  }

  /// Every place `value` breaks `schema`, as "path: problem".
  package func problems(_ value: Any, against schema: [String: Any], at path: String = "$") -> [String] {
    if let reference = schema["$ref"] as? String {
      return problems(value, against: resolve(reference), at: path)
    }
    var found: [String] = []
    let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
    if !types.isEmpty, !types.contains(where: { Self.matches(value, type: $0) }) {
      return ["\(path): expected \(types.joined(separator: " or ")), found \(Self.kind(of: value))"]
    }
    if let allowed = schema["enum"] as? [Any] {
      let matchesOne = allowed.contains {
        ($0 as? NSObject)?.isEqual(value) == true || ($0 is NSNull && value is NSNull)
      }
      if !matchesOne { found.append("\(path): \(value) is not one of the enum values") }
    }
    if let object = value as? [String: Any] {
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): missing required \(key)")
      }
      for (key, subschema) in schema["properties"] as? [String: [String: Any]] ?? [:] {
        if let member = object[key] { found += problems(member, against: subschema, at: "\(path).\(key)") }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() {
        found += problems(element, against: items, at: "\(path)[\(index)]")
      }
    }
    return found
  }

  /// The schema a `#/components/schemas/Name` reference names.
  package func resolve(_ reference: String) -> [String: Any] {
    var node: Any = document
    for part in reference.dropFirst(2).split(separator: "/") {
      node = (node as? [String: Any])?[String(part)] ?? [:]
    }
    return node as? [String: Any] ?? [:]
  }

  /// The JSON kind of a decoded value, for messages.
  package static func kind(of value: Any) -> String {
    ["null", "object", "array", "string", "boolean", "integer", "number"].first { matches(value, type: $0) }
      ?? "?"
  }

  private static func matches(_ value: Any, type: String) -> Bool {
    switch type {
    case "null": return value is NSNull
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean": return (value as? NSNumber).map(isBoolean) ?? false
    case "integer":
      return (value as? NSNumber).map { !isBoolean($0) && $0.doubleValue == $0.doubleValue.rounded() }
        ?? false
    case "number": return (value as? NSNumber).map { !isBoolean($0) } ?? false
    default: return false
    }
  }

  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
