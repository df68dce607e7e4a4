import Foundation

/// Foundation's JSON readers (`JSONDecoder`, `JSONSerialization`) behind a check they lack: on
/// Linux (swift-foundation with Swift 6.3.1) a document nested exactly one level past their own
/// limit of 512 (`[` 513 times) traps while the reader builds its error, so a request body or a
/// JWT header of 513 `[` ended the whole server (found by `fuzz/routes`). Documents nested deeper
/// than `maximumDepth` are refused here, before Foundation sees them; no JSON epsim reads or
/// Apple sends comes near that depth.
public enum ShieldedJSON {
  /// Arrays and objects within one another, at most: far above any real payload (Apple's
  /// deepest, a notification's signed data inside its payload, is under 10).
  public static let maximumDepth = 64

  /// A document refused for its depth.
  public struct TooDeep: Error, CustomStringConvertible {
    public var description: String { "JSON nested more than \(ShieldedJSON.maximumDepth) levels deep" }
  }

  /// Whether `data` nests arrays and objects at most `maximumDepth` deep (brackets inside strings,
  /// escaped quotes included, do not count). Malformed text passes: the reader refuses it then.
  public static func isShallow(_ data: Data) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumDepth { return false }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: continue
      }
    }
    return true
  }

  /// `JSONDecoder().decode(type, from: data)`, after the depth check.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    guard isShallow(data) else { throw TooDeep() }
    return try JSONDecoder().decode(type, from: data)
  }

  /// `JSONSerialization.jsonObject(with: data)`, after the depth check.
  public static func object(_ data: Data) throws -> Any {
    guard isShallow(data) else { throw TooDeep() }
    return try JSONSerialization.jsonObject(with: data)
  }
}
