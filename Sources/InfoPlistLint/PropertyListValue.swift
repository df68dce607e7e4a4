import Foundation

/// One value of a property list, with the plist types kept apart (a Boolean is never a number).
public indirect enum PropertyListValue: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  case real(Double)
  case boolean(Bool)
  case date(Date)
  case data(Data)
  case array([PropertyListValue])
  case dictionary([String: PropertyListValue])

  /// The plist type's name, as findings quote it ("found integer").
  public var typeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .boolean: "Boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }

  /// The type's name after "a" or "an": "an integer", "a string".
  var typeNameWithArticle: String {
    ("aeiouAEIOU".contains(typeName.first!) ? "an " : "a ") + typeName
  }

  /// The string, when this is one.
  var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }
}
