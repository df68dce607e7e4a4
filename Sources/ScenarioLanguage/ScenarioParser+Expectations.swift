import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// `expect A and B and ...`: claims about a step's answer or about the world.
extension ScenarioParser {
  static let expectationKeywords = [
    "token", "nothing", "eligible", "not", "new", "same", "refreshed", "field", "url", "environment",
    "periods",
    "tokens", "now", "status", "transactions", "renewal", "notification", "transaction",
  ]

  static let expectationDescription =
    "an expectation (" + expectationKeywords.map { "'\($0)'" }.joined(separator: ", ") + " or a token type)"

  /// The expectations after `expect`, checked against the step whose answer they examine.
  func expectations(
    _ reader: inout LineReader, line: Int, answering step: (kind: StatementKind, line: Int)?
  ) throws(LineError) -> [Expectation] {
    var result: [Expectation] = []
    repeat {
      guard let first = reader.current else { throw reader.error(expected: Self.expectationDescription) }
      let kind = try expectation(&reader)
      try check(kind, at: first, answering: step)
      result.append(Expectation(kind, location: SourceLocation(line: line, column: first.column)))
      if reader.accept("and") { continue }
      try reader.end(or: ["and"])
      return result
    } while true
  }

  /// Refuses expectations about an answer the step does not give, and world expectations
  /// that need a default customer before any step used a device.
  private func check(
    _ kind: ExpectationKind, at word: Word, answering step: (kind: StatementKind, line: Int)?
  )
    throws(LineError)
  {
    if let kinds = kind.appliesTo, !answerUnknown {
      var names: [String] { kinds.map(\.rawValue).sorted() }  // for the errors only
      guard let step else {
        throw LineError(
          column: word.column, expected: "an expectation about the world", found: word.text,
          note: "'\(word.text)' examines the answer of \(Phrase.choices(names)), and no step came before")
      }
      guard let answer = step.kind.answer, kinds.contains(answer) else {
        throw LineError(
          column: word.column, expected: "an expectation that fits the step on line \(step.line)",
          found: word.text,
          note: "'\(word.text)' examines the answer of \(Phrase.choices(names)) steps")
      }
    }
    if kind.customerScope == .lastUsed, lastCustomer == nil, !customerUnknown {
      throw LineError(
        column: word.column, expected: "'for' and a customer name after this expectation", found: word.text,
        note: "no step has used a device yet, so there is no default customer")
    }
  }

  private func expectation(_ reader: inout LineReader) throws(LineError) -> ExpectationKind {
    if let word = reader.current, CustomLinkTokenType(rawValue: word.text.uppercased()) != nil {
      let type = try reader.tokenType()
      let state = PeriodState(rawValue: try reader.keyword(PeriodState.allCases.map(\.rawValue)))!
      return .state(type: type, state: state, customer: try scope(&reader, allowEveryone: false))
    }
    let keyword = try reader.keyword(Self.expectationKeywords, expected: Self.expectationDescription)
    switch keyword {
    case "token": return .token
    case "nothing": return .nothing
    case "eligible": return .eligible
    case "not":
      _ = try reader.keyword(["eligible"])
      return .notEligible(reason: reader.accept("reason") ? try reason(&reader) : nil)
    case "new":
      _ = try reader.keyword(["period"])
      return .newPeriod
    case "same": return try reader.keyword(["period", "id"]) == "period" ? .samePeriod : .sameId
    case "refreshed":
      _ = try reader.keyword(["id"])
      return .refreshedId
    case "field": return try field(&reader)
    case "status", "transactions", "renewal", "notification", "transaction":
      return try commerceExpectation(keyword, &reader)
    case "url":
      _ = try reader.keyword(["="])
      return .url(try reader.word("a URL; {token} stands for the raw token").text)
    case "environment":
      return .environment(
        TokenEnvironment(rawValue: try reader.keyword(TokenEnvironment.allCases.map(\.rawValue)))!)
    case "periods", "tokens":
      let type: CustomLinkTokenType? = reader.current?.text == "=" ? nil : try reader.tokenType()
      _ = try reader.keyword(["="])
      let count = Int(try reader.integer("a count, a whole number from 0", in: 0...1_000_000_000))
      let customer = try scope(&reader, allowEveryone: true)
      return keyword == "periods"
        ? .periodCount(type: type, count: count, customer: customer)
        : .tokenCount(type: type, count: count, customer: customer)
    default:
      _ = try reader.keyword(["="])
      return .now(try reader.time())
    }
  }

  func scope(_ reader: inout LineReader, allowEveryone: Bool) throws(LineError) -> CustomerScope {
    guard reader.accept("for") else { return .lastUsed }
    if allowEveryone, reader.accept("all") { return .everyone }
    if reader.current?.text == "all" {
      throw reader.error(
        expected: "a customer name", note: "'for all' works with the periods and tokens counts only")
    }
    return .named(try knownCustomer(&reader))
  }

  private func reason(_ reader: inout LineReader) throws(LineError) -> String {
    try reader.keyword(
      IneligibilityCodes.all, expected: "a reason code (" + Phrase.choices(IneligibilityCodes.all) + ")")
  }

  private func field(_ reader: inout LineReader) throws(LineError) -> ExpectationKind {
    let names = TokenField.allCases.map(\.name)
    let field = TokenField(
      name: try reader.keyword(names, expected: "a token field (" + Phrase.choices(names) + ")"))!
    _ = try reader.keyword(["="])
    if field.isOptional, reader.accept("none") { return .field(field, .absent) }
    switch field {
    case .tokenCreationDate, .tokenExpirationDate: return .field(field, .integer(try reader.time()))
    case .appAppleId: return .field(field, .integer(try reader.integer("a whole number")))
    case .tokenType:
      guard let word = reader.current, CustomLinkTokenType(rawValue: word.text.uppercased()) != nil else {
        let names = CustomLinkTokenType.allCases.map(\.rawValue) + ["none"]
        throw reader.error(expected: "a token type or 'none'", candidates: names)
      }
      return .field(field, .text(try reader.tokenType().rawValue))
    case .bundleId, .externalPurchaseId:
      return .field(field, .text(try reader.word("the field's value").text))
    }
  }
}
