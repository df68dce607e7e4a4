/// Finds the closest valid word for a typo, by edit distance: for scenario lines and, in
/// `epsim`, for mistyped command names.
public enum Suggestion {
  /// The candidate closest to `word` when it is close enough to be a plausible typo, else nil.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(Array(lowered), Array(candidate.lowercased()))
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    // Symbols and two-letter words ('=', 'on') are too short for a guess to help.
    guard let best, best.candidate != word, best.candidate.count >= 3 else { return nil }
    // Allow roughly one edit per three characters, at least one, so short words stay strict.
    let allowed = max(1, min(3, best.candidate.count / 3))
    return best.distance <= allowed ? best.candidate : nil
  }

  /// Levenshtein distance, with an adjacent swap counting as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow = Array(0...b.count)
    var rowBeforePrevious = previousRow
    for i in 1...a.count {
      var row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], rowBeforePrevious[j - 2] + 1)
        }
      }
      rowBeforePrevious = previousRow
      previousRow = row
    }
    return previousRow[b.count]
  }
}
