import Foundation

/// A token field as the tests compare it: an integer or a string (tokens hold nothing else).
enum FieldValue: Hashable, CustomStringConvertible {
  case integer(Int64)
  case string(String)

  var description: String {
    switch self {
    case .integer(let value): return String(value)
    case .string(let text): return "\"\(text)\""
    }
  }
}

/// An independent reading of tokens and JSON with Foundation, so the tests do not trust the code
/// they test. When epsim's `TokenDecoder` is merged, `decodedFields(ofToken:)` is the one function
/// to switch over to it.
enum FoundationTokenDecoding {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The fields inside a token string: Base64URL (padded or not) → JSON object → values.
  static func decodedFields(ofToken raw: String) throws -> [String: FieldValue] {
    try fields(ofJSON: try jsonData(ofToken: raw))
  }

  /// The JSON bytes inside a token string.
  static func jsonData(ofToken raw: String) throws -> Data {
    var base64 = raw.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    guard let data = Data(base64Encoded: base64) else {
      throw Failure(description: "not Base64URL: \(raw.prefix(40))…")
    }
    return data
  }

  /// The members of a JSON object whose values are integers or strings.
  static func fields(ofJSON data: Data) throws -> [String: FieldValue] {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Failure(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }
    return try fields(of: object)
  }

  static func fields(of object: [String: Any]) throws -> [String: FieldValue] {
    var fields: [String: FieldValue] = [:]
    for (name, value) in object {
      if let text = value as? String {
        fields[name] = .string(text)
      } else if let number = value as? NSNumber {
        fields[name] = .integer(number.int64Value)
      } else {
        throw Failure(description: "\(name) is neither a string nor a number")
      }
    }
    return fields
  }

  /// One line of JSON as a dictionary.
  static func object(ofLine line: Substring) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw Failure(description: "not a JSON object: \(line.prefix(60))…")
    }
    return object
  }
}
