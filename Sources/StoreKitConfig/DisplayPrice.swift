import ExternalPurchaseTokens
import LifecycleSimulator

/// `displayPrice` values: decimal text such as `"0.99"` to milliunits and back.
enum DisplayPrice {
  static let expected = "a price such as \"0.99\" (at most 3 decimals, below 1000000000)"

  /// Milliunits of a price written as a string (as Xcode does) or a bare number.
  static func milliunits(_ node: JSONNode) throws(NodeError) -> Int64 {
    let text: String
    switch node.value {
    case .string(let written): text = written.trimmingSpaces
    case .number(let written): text = written
    default: throw NodeError(node.path, expected: expected, found: node.value)
    }
    guard let milliunits = parse(text), StepLimits.price.range.contains(milliunits) else {
      throw NodeError(node.path, expected: expected, found: node.value)
    }
    return milliunits
  }

  /// Digits, optionally a point and decimals; decimals past the third must be zeros.
  static func parse(_ text: String) -> Int64? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty, parts[0].count <= 12, parts[0].allSatisfy(\.isASCIIDigit),
      let whole = Int64(parts[0])
    else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      let decimals = parts[1]
      guard !decimals.isEmpty, decimals.allSatisfy(\.isASCIIDigit),
        decimals.dropFirst(3).allSatisfy({ $0 == "0" })
      else { return nil }
      let kept = String(decimals.prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)
      fraction = Int64(kept)!
    }
    return whole * 1000 + fraction
  }

  /// The text an export writes: no trailing zeros past the cents (`9.99`, `29`, `0.995`).
  static func text(_ milliunits: Int64) -> String {
    let whole = milliunits / 1000
    let fraction = milliunits % 1000
    if fraction == 0 { return String(whole) }
    if fraction % 10 == 0 {
      let cents = fraction / 10
      return "\(whole)." + (cents < 10 ? "0" : "") + String(cents)
    }
    let digits = String(fraction)
    return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
