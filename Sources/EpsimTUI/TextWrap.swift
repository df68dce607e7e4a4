import TextFrame

/// Breaks text into lines of at most `width` columns: at spaces where it can, and inside words
/// (such as a long token string) where it must.
enum TextWrap {
  static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      var wordWidth = DisplayWidth.of(word)
      if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
        current += " " + word
        currentWidth += 1 + wordWidth
        continue
      }
      if currentWidth > 0 {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      while wordWidth > width {
        let head = String(word.prefix(width))
        lines.append(head)
        word = String(word.dropFirst(head.count))
        wordWidth = DisplayWidth.of(word)
      }
      current = word
      currentWidth = wordWidth
    }
    if currentWidth > 0 || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// Hard breaks every `width` characters, for strings without spaces (tokens, URLs).
  static func chunks(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      result.append(String(rest.prefix(width)))
      rest = rest.dropFirst(width)
    }
    return result.isEmpty ? [""] : result
  }
}
