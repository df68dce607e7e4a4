/// The Levenshtein distance between two strings, used to suggest the key a typo meant.
enum EditDistance {
  static func between(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i]
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current.append(min(previous[j] + 1, current[j - 1] + 1, substitution))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The candidate closest to `word`; ties go to the earlier candidate.
  static func closest(to word: String, among candidates: [String]) -> String? {
    candidates.min { between(word, $0) < between(word, $1) }
  }
}
