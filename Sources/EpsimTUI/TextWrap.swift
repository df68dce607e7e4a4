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

  /// An id (an externalPurchaseId) on as many lines as it needs, broken only after a `-` or `_`
  /// (the UUID's own separators), so that every line but the last ends in the mark that the id
  /// goes on; a part longer than a line is broken hard.
  static func idLines(_ id: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var parts: [String] = [""]
    for character in id {
      parts[parts.count - 1].append(character)
      if character == "-" || character == "_" { parts.append("") }
    }
    var lines: [String] = []
    var current = ""
    for part in parts {
      if !current.isEmpty, DisplayWidth.of(current + part) > width {
        lines.append(current)
        current = ""
      }
      current += part
      if DisplayWidth.of(current) > width {
        let pieces = chunks(current, width: width)
        lines += pieces.dropLast()
        current = pieces.last ?? ""
      }
    }
    return lines + [current]
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
