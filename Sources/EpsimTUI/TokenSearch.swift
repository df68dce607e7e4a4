import LifecycleSimulator

/// Finds tokens by a part of their externalPurchaseId, ignoring ASCII case (ids are ASCII).
enum TokenSearch {
  /// Indexes of the tokens whose id contains `query`, ascending.
  static func matches(of query: String, in tokens: [IssuedToken]) -> [Int] {
    let needle = Array(query.utf8).map(lowercased)
    guard !needle.isEmpty else { return [] }
    return tokens.indices.filter { contains(tokens[$0].token.externalPurchaseId, needle) }
  }

  static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
    var haystack = Array(text.utf8)
    guard haystack.count >= needle.count else { return false }
    for index in haystack.indices { haystack[index] = lowercased(haystack[index]) }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    (65...90).contains(byte) ? byte + 32 : byte
  }
}
