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
    var text = text
    if let lines = text.withUTF8({ asciiLines(of: $0) }) { return lines }
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

  /// The same lines for text that is all ASCII (nearly every scenario), read as bytes: each
  /// byte is one character then, so columns are byte offsets and no `Character` is formed.
  /// Nil when the text is not ASCII.
  private static func asciiLines(of bytes: UnsafeBufferPointer<UInt8>) -> [Line]? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var result: [Line] = []
    var lineStart = 0
    var index = 0
    // "\r\n", "\n" and "\r" each end a line, as in the `Character` path.
    while index <= bytes.count {
      guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
      else {
        index += 1
        continue
      }
      let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
      result.append(asciiWords(of: line, number: result.count + 1))
      if index < bytes.count, bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "\n")
      {
        index += 1
      }
      index += 1
      lineStart = index
    }
    return result
  }

  /// `words(of:number:)` for one ASCII line given as bytes.
  private static func asciiWords(of line: UnsafeBufferPointer<UInt8>, number: Int) -> Line {
    var words: [Word] = []
    var lastEnd = 1
    var index = 0
    while index < line.count {
      if line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      if line[index] == UInt8(ascii: "#") { break }
      let start = index
      while index < line.count, line[index] != UInt8(ascii: " "), line[index] != UInt8(ascii: "\t") {
        index += 1
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
      words.append(Word(text: text, column: start + 1))
      lastEnd = index + 1
    }
    return Line(number: number, words: words, endColumn: lastEnd)
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
