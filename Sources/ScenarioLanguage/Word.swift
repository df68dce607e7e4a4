/// One whitespace-separated word of a scenario line and the column it starts at (1-based).
struct Word: Hashable, Sendable {
  var text: String
  var column: Int
}

/// Splits scenario text into lines of words, dropping comments.
enum WordSplitter {
  /// One source line: its 1-based number, its words, and the column just past its last word.
  struct Line: Hashable, Sendable {
    var number: Int
    var words: [Word]
    var endColumn: Int
  }

  /// Every line of `text`. A `#` that starts a word begins a comment running to the end of the
  /// line; a `#` inside a word (a URL fragment) is kept.
  static func lines(of text: String) -> [Line] {
    var result: [Line] = []
    var number = 0
    // "\r\n" is one Character in Swift, so it is a separator of its own.
    let separators: Set<Character> = ["\n", "\r\n", "\r"]
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: separators.contains) {
      number += 1
      result.append(words(of: line, number: number))
    }
    return result
  }

  static func words(of line: Substring, number: Int) -> Line {
    var words: [Word] = []
    var current = ""
    var start = 0
    var column = 0
    var lastEnd = 1
    for character in line {
      column += 1
      if character == " " || character == "\t" {
        if !current.isEmpty {
          words.append(Word(text: current, column: start))
          current = ""
        }
        continue
      }
      if current.isEmpty {
        if character == "#" { break }
        start = column
      }
      current.append(character)
      lastEnd = column + 1
    }
    if !current.isEmpty { words.append(Word(text: current, column: start)) }
    return Line(number: number, words: words, endColumn: lastEnd)
  }
}
