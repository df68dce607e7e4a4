/// Going on after a bad line without inventing errors about the lines that follow it.
extension ScenarioParser {
  /// Whether a failed line is nonsense rather than a mistake: its first word is no keyword of
  /// the language, and neither close to one (a typo such as `requst` gets its own error) nor
  /// even made of the letters and '-' keywords are made of (`<plist` is no typo of `plist`).
  func isNonsense(_ line: WordSplitter.Line, _ error: LineError) -> Bool {
    guard let first = line.words.first, !Self.statementKeywords.contains(first.text) else { return false }
    return error.suggestion == nil || !first.text.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
  }

  /// Assumes what a failed line meant to do, so that later lines are not blamed for its mistake:
  /// a `device` or `customer` line still declares its name (the reason `install alice.iphone`
  /// would otherwise fail after `device alice.iphone ... storefront NL`), and a failed step leaves
  /// its answer and its customer unknown. `suggestion` is the keyword a typo was taken for.
  mutating func recover(after line: WordSplitter.Line, suggestion: String?) {
    guard let first = line.words.first?.text else { return }
    let keyword = Self.statementKeywords.contains(first) ? first : suggestion
    let words = line.words.map(\.text)
    switch keyword {
    case "device": declareAfterFailure(device: words, line: line.number)
    case "customer":
      if words.count > 1, LineReader.isHandle(words[1]), customers[words[1]] == nil {
        customers[words[1]] = line.number
      }
    case "expect": break
    case let keyword? where Self.stepKeywords.contains(keyword):
      answerUnknown = true
      customerUnknown = true
    default: break
    }
  }

  /// Declares the device a failed `device` line names, with its customer from `customer NAME` or
  /// from the part of its name before the first '.', when either can be read.
  private mutating func declareAfterFailure(device words: [String], line: Int) {
    guard words.count > 1, LineReader.isHandle(words[1]), devices[words[1]] == nil else { return }
    let name = words[1]
    let named = words.firstIndex(of: "customer").map { $0 + 1 < words.count ? words[$0 + 1] : "" }
    let owner = named ?? String(name.prefix { $0 != "." })
    guard named != nil || name.contains("."), LineReader.isHandle(owner) else { return }
    if customers[owner] == nil { customers[owner] = line }
    devices[name] = (owner, line)
  }
}
