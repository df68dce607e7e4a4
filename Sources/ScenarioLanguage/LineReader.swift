import ExternalPurchaseTokens
import LifecycleSimulator

/// Reads one line's words left to right, turning each mismatch into a `LineError` at the right column.
struct LineReader {
  let words: [Word]
  let endColumn: Int
  var position = 0

  init(_ line: WordSplitter.Line) {
    words = line.words
    endColumn = line.endColumn
  }

  var isAtEnd: Bool { position >= words.count }
  var current: Word? { isAtEnd ? nil : words[position] }

  /// Moves past the current word and returns it.
  mutating func take() -> Word? {
    guard let word = current else { return nil }
    position += 1
    return word
  }

  /// An error at the current word (or the end of the line), suggesting the closest candidate.
  func error(expected: String, note: String? = nil, candidates: [String] = []) -> LineError {
    guard let word = current else {
      return LineError(column: endColumn, expected: expected, found: nil, note: note)
    }
    return LineError(
      column: word.column, expected: expected, found: word.text, note: note,
      suggestion: Suggestion.closest(to: word.text, among: candidates))
  }

  /// Any word; `expected` describes it for the error at the end of the line.
  mutating func word(_ expected: String) throws(LineError) -> Word {
    guard let word = take() else { throw error(expected: expected) }
    return word
  }

  /// One of `choices`, exactly. `expected` is only built for the error (most lines have none).
  mutating func keyword(_ choices: [String], expected: @autoclosure () -> String? = nil) throws(LineError)
    -> String
  {
    guard let word = current, choices.contains(word.text) else {
      throw error(expected: expected() ?? Phrase.choices(choices), candidates: choices)
    }
    position += 1
    return word.text
  }

  /// Consumes `keyword` when it is the current word.
  mutating func accept(_ keyword: String) -> Bool {
    guard current?.text == keyword else { return false }
    position += 1
    return true
  }

  /// Fails unless the line has ended; `alternatives` names what else could have followed.
  func end(or alternatives: [String] = []) throws(LineError) {
    guard !isAtEnd else { return }
    let expected = alternatives.isEmpty ? "end of line" : Phrase.choices(alternatives) + " or end of line"
    throw error(expected: expected, candidates: alternatives)
  }

  mutating func tokenType() throws(LineError) -> CustomLinkTokenType {
    guard let word = current, let type = CustomLinkTokenType(rawValue: word.text.uppercased()) else {
      let names = CustomLinkTokenType.allCases.map(\.rawValue)
      throw error(expected: "a token type (" + Phrase.choices(names, quoted: false) + ")", candidates: names)
    }
    position += 1
    return type
  }

  /// `withinApp` or `outOfApp`, the typed request of 27.2 (SPEC 5).
  mutating func typedRequest() throws(LineError) -> TypedTokenRequest {
    guard let word = current, let request = TypedTokenRequest(name: word.text) else {
      let names = TypedTokenRequest.allCases.map(\.rawValue)
      throw error(
        expected: "a typed request (" + Phrase.choices(names, quoted: false) + ")", candidates: names)
    }
    position += 1
    return request
  }

  mutating func onOff() throws(LineError) -> Bool {
    try keyword(["on", "off"]) == "on"
  }

  mutating func duration() throws(LineError) -> VirtualDuration {
    let description = "a duration such as 1h, 30m, 59m59.999s or 1ms"
    guard let word = current else { throw error(expected: description) }
    do {
      let value = try DurationText.parse(word.text)
      position += 1
      return value
    } catch {
      // `advance 30 days`: the unit typed as a word of its own; suggest the one-word form.
      for count in stride(from: min(4, words.count - position), through: 2, by: -1) {
        let text = words[position..<position + count].map(\.text).joined(separator: " ")
        if let suggestion = DurationText.suggestion(for: text) {
          throw LineError(
            column: word.column, expected: "a duration: " + DurationText.acceptedForms, found: text,
            suggestion: suggestion)
        }
      }
      // DurationText says what it expected at which character; keep its words when it can.
      let specific = error.message.hasPrefix("expected ") ? String(error.message.dropFirst(9)) : nil
      throw LineError(
        column: word.column + error.offset, expected: specific ?? description, found: word.text,
        note: specific == nil ? error.message : nil, suggestion: error.suggestion)
    }
  }

  /// An ISO 8601 UTC time (`2026-03-01T09:00:00Z`, milliseconds optional) or UNIX milliseconds,
  /// within `StepLimits.time` (1970 to the end of 9999) so that it can be written back as ISO text.
  mutating func time() throws(LineError) -> VirtualTime {
    let description = "a UTC time such as 2026-03-01T09:00:00Z or UNIX milliseconds"
    guard let word = current else { throw error(expected: description) }
    guard let time = ISOTime.parse(word.text) ?? Int64(word.text) else {
      throw error(expected: description, note: ISOTime.problem(word.text))
    }
    guard StepLimits.time.range.contains(time) else { throw error(expected: StepLimits.time.expected) }
    position += 1
    return time
  }

  /// A whole number within one of the `StepLimits`, so the parser accepts what every door accepts.
  mutating func limited(_ limit: StepLimit<Int>) throws(LineError) -> Int {
    Int(try integer(limit.expected, in: Int64(limit.range.lowerBound)...Int64(limit.range.upperBound)))
  }

  /// A whole number in `range`.
  mutating func integer(_ description: String, in range: ClosedRange<Int64> = 0...Int64.max) throws(LineError)
    -> Int64
  {
    guard let word = current, let value = Int64(word.text), range.contains(value) else {
      throw error(expected: description)
    }
    position += 1
    return value
  }

  /// A comma-separated list of lowercase country codes, each in `allowed`. A list may continue
  /// over several words when they end with a comma (`nl, fr`).
  mutating func countries(allowed: Set<String>, for owner: String) throws(LineError) -> [String] {
    guard let first = current else { throw error(expected: "a comma-separated list of country codes") }
    var parts: [(text: Substring, column: Int)] = []
    var word = first
    while true {
      position += 1
      var offset = 0
      for part in word.text.split(separator: ",", omittingEmptySubsequences: false) {
        parts.append((part, word.column + offset))
        offset += part.count + 1
      }
      guard word.text.hasSuffix(","), let next = current else { break }
      parts.removeLast()  // The empty part after the trailing comma.
      word = next
    }
    var codes: [String] = []
    for (code, column) in parts {
      guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter }) else {
        throw LineError(
          column: column, expected: "a lowercase two-letter country code such as nl or jp",
          found: code.isEmpty ? nil : String(code))
      }
      guard allowed.contains(String(code)) else {
        throw LineError(
          column: column, expected: "a country \(owner) allows (\(Phrase.countries(allowed)))",
          found: String(code))
      }
      codes.append(String(code))
    }
    return codes
  }

  /// A single country code, lowercase, in `allowed`.
  mutating func country(allowed: Set<String>? = nil, for owner: String) throws(LineError) -> String {
    guard let word = current, word.text.count == 2,
      word.text.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter })
    else { throw error(expected: "a lowercase two-letter country code such as nl or jp") }
    if let allowed, !allowed.contains(word.text) {
      throw error(expected: "a country \(owner) allows (\(Phrase.countries(allowed)))")
    }
    position += 1
    return word.text
  }

  /// A destination URL as SPEC 6 requires: https, absolute, no query, at most 1,000 ASCII characters.
  mutating func destinationURL() throws(LineError) -> String {
    let description = "an https URL without query parameters, at most 1,000 ASCII characters"
    guard let word = current else { throw error(expected: description) }
    let text = word.text
    let rest = text.dropFirst("https://".count)
    let host = rest.prefix { $0 != "/" && $0 != "#" }
    guard text.hasPrefix("https://"), !host.isEmpty, text.allSatisfy(\.isASCII), text.count <= 1000,
      !text.contains("?")
    else { throw error(expected: description) }
    position += 1
    return text
  }

  /// A customer or device name: letters, digits and `._-`, starting with a letter.
  mutating func handle(_ what: String) throws(LineError) -> Word {
    let description = "a \(what) name (a letter, then letters, digits, '.', '_' or '-')"
    guard let word = current, Self.isHandle(word.text) else { throw error(expected: description) }
    position += 1
    return word
  }

  static func isHandle(_ text: String) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
  }
}

/// Small helpers for readable lists in messages.
enum Phrase {
  /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
  static func choices(_ words: [String], quoted: Bool = true) -> String {
    let items = quoted ? words.map { "'\($0)'" } : words
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items.last!
  }

  /// A region set in a short readable form.
  static func countries(_ set: Set<String>) -> String {
    let extra = set.subtracting(Regions.eu27).sorted()
    guard set.isSuperset(of: Regions.eu27) else { return set.sorted().joined(separator: ", ") }
    return extra.isEmpty ? "EU-27" : "EU-27, " + extra.joined(separator: ", ")
  }
}
