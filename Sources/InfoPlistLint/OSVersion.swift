/// A dotted OS version such as "17.5" or "18.2.1", compared number by number.
struct OSVersion: Comparable, Sendable, CustomStringConvertible {
  let components: [Int]

  /// Parses one to three non-negative whole numbers separated by dots; nil for anything else.
  init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
      numbers.append(number)
    }
    components = numbers
  }

  var description: String { components.map(String.init).joined(separator: ".") }

  /// Missing parts count as zero, so "17" equals "17.0".
  static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    let count = max(lhs.components.count, rhs.components.count)
    for index in 0..<count {
      let left = index < lhs.components.count ? lhs.components[index] : 0
      let right = index < rhs.components.count ? rhs.components[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  static func == (lhs: OSVersion, rhs: OSVersion) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }
}
