import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Reads `.epsim` text into a `Scenario`, checking names, order and values before anything runs.
///
/// Parsing goes on after an error so that one run reports every bad line (one error per line).
public struct ScenarioParser {
  let file: String
  /// True until the first step.
  var inSetup = true
  var statementCount = 0
  /// Lines of the setup-only statements seen so far, by keyword, to refuse repeats.
  var setupLines: [String: Int] = [:]
  var firstRuleLine: Int?
  var firstStepLine: Int?
  /// Declared customers and the line that declared them (0 for the demo world's).
  var customers: [String: Int] = [:]
  /// Declared devices: their customer and the line that declared them.
  var devices: [String: (customer: String, line: Int)] = [:]
  /// Declared products of the App Store catalog.
  var products: [String: Product] = [:]
  /// The customer of the last device a step used: the default for `for` and `of`.
  var lastCustomer: String?
  /// The most recent step that is not an `expect` line, for standalone expectations.
  var previousStep: (kind: StatementKind, line: Int)?
  /// Set after a step line failed: what it would have answered is unknown, so the `expect` lines
  /// after it are not checked against an older step.
  var answerUnknown = false
  /// Set after a step line failed: it may have used a device, so the default customer is unknown.
  var customerUnknown = false

  init(file: String) {
    self.file = file
  }

  /// Parses a whole file. `file` is only used in error messages.
  public static func parse(_ text: String, file: String = "<scenario>") throws(ScenarioParseErrors)
    -> Scenario
  {
    var parser = ScenarioParser(file: file)
    var statements: [Statement] = []
    var errors = ParseErrorList(file: file)
    for line in WordSplitter.lines(of: text) where !line.words.isEmpty {
      do {
        statements.append(try parser.statement(line))
        errors.endNonsense()
      } catch {
        if parser.isNonsense(line, error) {
          if let notAScenario = errors.addNonsense(
            error, line: line.number, nothingParsed: statements.isEmpty)
          {
            throw ScenarioParseErrors([notAScenario])
          }
        } else {
          errors.add(error, line: line.number)
        }
        parser.recover(after: line, suggestion: error.suggestion)
      }
    }
    errors.endNonsense()
    guard errors.errors.isEmpty else { throw ScenarioParseErrors(errors.errors) }
    return Scenario(statements: statements)
  }

  /// Lines that only the setup may hold.
  static let setupOnlyKeywords = [
    "demo", "seed", "start", "app", "entitlement", "plist", "product", "storekit",
  ]
  /// Lines allowed both in the setup and among the steps.
  static let anywhereKeywords = [
    "environment", "rules", "creation", "services-renewal", "lifetime", "refresh", "os-gating", "eligibility",
    "type-regions", "creation-needs-eligibility", "sheet-and-link-payments", "string-form",
    "typed-token-type",
    "customer", "device", "commerce",
  ]
  /// Lines that end the setup.
  static let stepKeywords =
    [
      "install", "update", "redownload", "uninstall", "request", "check-eligibility", "notice-sheet",
      "link-out",
      "force-refresh", "storefront", "os", "payments", "advance", "expect",
    ] + commerceStepKeywords
  /// The purchase steps.
  static let commerceStepKeywords = [
    "buy", "auto-renew", "change", "billing", "refund", "family", "consume", "refund-request",
    "refund-decline", "refund-reverse", "rescind-consent",
    "price", "price-consent", "sale", "clear-history",
  ]
  /// Every word a line may start with, for suggestions.
  static let statementKeywords = setupOnlyKeywords + anywhereKeywords + stepKeywords
  /// The same words as sets: every line is looked up in them.
  static let statementKeywordSet = Set(statementKeywords)
  static let setupOnlyKeywordSet = Set(setupOnlyKeywords)
  static let stepKeywordSet = Set(stepKeywords)
  static let commerceStepKeywordSet = Set(commerceStepKeywords)

  /// Parses one non-empty line and updates what the following lines may refer to.
  mutating func statement(_ line: WordSplitter.Line) throws(LineError) -> Statement {
    var reader = LineReader(line)
    let keyword = reader.current!
    let location = SourceLocation(line: line.number, column: keyword.column)
    guard Self.statementKeywordSet.contains(keyword.text) else {
      throw reader.error(
        expected: inSetup ? "a setup line or a step" : "a step, a rule change or 'expect'",
        candidates: Self.statementKeywords)
    }
    reader.position += 1
    // Placement depends on the keyword alone, so a step with a bad argument still ends the setup.
    if Self.setupOnlyKeywordSet.contains(keyword.text), !inSetup {
      throw LineError(
        column: keyword.column, expected: "a step, a rule change or 'expect'", found: keyword.text,
        note: "setup lines go before the first step, line \(firstStepLine ?? 0)")
    }
    if Self.stepKeywordSet.contains(keyword.text), inSetup {
      inSetup = false
      firstStepLine = line.number
    }
    let kind = try statementKind(keyword.text, &reader, line: line.number)
    try checkPlacement(kind, keyword: keyword, line: line.number)
    if let device = kind.device {
      lastCustomer = devices[device]?.customer
      customerUnknown = false
    } else if case .command(.commerce(let step)) = kind, let customer = step.customer {
      lastCustomer = customer
      customerUnknown = false
    }

    var expectations: [Expectation] = []
    if case .expect = kind {
      expectations = try self.expectations(&reader, line: line.number, answering: previousStep)
    } else if !inSetup, reader.accept("expect") {
      expectations = try self.expectations(&reader, line: line.number, answering: (kind, line.number))
    } else {
      try reader.end(or: inSetup ? [] : ["expect"])
    }
    if kind != .expect, !inSetup {
      previousStep = (kind, line.number)
      answerUnknown = false
    }
    statementCount += 1
    return Statement(kind, expectations: expectations, location: location)
  }

  /// The rules about where a line may stand: setup lines first, `demo` first of all, `environment`
  /// before the rule lines it would reset, each setup-only line once.
  mutating func checkPlacement(_ kind: StatementKind, keyword: Word, line: Int) throws(LineError) {
    guard inSetup else { return }
    if case .demo = kind, statementCount > 0 {
      throw LineError(
        column: keyword.column, expected: "'demo' as the first line", found: keyword.text,
        note: "it replaces the whole world, so it must come before every other line")
    }
    if case .command(.environment) = kind, let firstRuleLine {
      throw LineError(
        column: keyword.column, expected: "'environment' before the rule lines", found: keyword.text,
        note: "it resets every rule to the preset; the first rule line is line \(firstRuleLine)")
    }
    if case .command(.rule) = kind, firstRuleLine == nil { firstRuleLine = line }
    let onceOnly = ["demo", "seed", "start", "app", "environment", "storekit"]
    if onceOnly.contains(keyword.text) {
      if let earlier = setupLines[keyword.text] {
        throw LineError(
          column: keyword.column, expected: "one '\(keyword.text)' line", found: keyword.text,
          note: "already set on line \(earlier)")
      }
      setupLines[keyword.text] = line
    }
  }

  mutating func statementKind(_ keyword: String, _ reader: inout LineReader, line: Int) throws(LineError)
    -> StatementKind
  {
    switch keyword {
    case "demo":
      declareDemoWorld()
      return .demo
    case "seed":
      return .seed(try seedValue(&reader))
    case "start": return .start(try reader.time())
    case "app": return .app(try appLine(&reader))
    case "entitlement": return .entitlement(try entitlement(&reader))
    case "plist": return .plist(try plist(&reader))
    case "product": return .product(try productLine(&reader))
    case "commerce":
      // In the setup it describes the App Store the run starts with; among the steps it is a
      // step that changes the setting from then on.
      let setting = try commerceSetting(&reader)
      return inSetup ? .commerceSetting(setting) : .command(.commerce(.setting(setting)))
    case "storekit": return .storekit(try storekitLine(&reader))
    case "environment": return .command(.environment(try environmentName(&reader)))
    case "rules":
      let field = try reader.keyword(
        Self.ruleFields.map(\.keyword),
        expected: "a rule (" + Phrase.choices(Self.ruleFields.map(\.keyword)) + ")")
      return .command(.rule(try ruleSetting(field, &reader)))
    case "creation", "services-renewal", "lifetime", "refresh", "os-gating", "eligibility", "type-regions",
      "creation-needs-eligibility", "sheet-and-link-payments", "string-form", "typed-token-type":
      return .command(.rule(try ruleSetting(keyword, &reader)))
    case "customer": return try customerLine(&reader, line: line)
    case "device": return .command(.device(try deviceLine(&reader, line: line)))
    case "expect": return .expect
    case _ where Self.commerceStepKeywordSet.contains(keyword):
      return .command(.commerce(try commerceStep(keyword, &reader)))
    default: return .command(try step(keyword, &reader))
    }
  }

  /// The demo world's names become known, so steps can use them.
  mutating func declareDemoWorld() {
    let world = DemoWorld.world()
    for customer in world.customers { customers[customer.id] = 0 }
    for device in world.devices { devices[device.id] = (device.customerId, 0) }
  }

  func seedValue(_ reader: inout LineReader) throws(LineError) -> UInt64 {
    guard let word = reader.current, let value = UInt64(word.text) else {
      throw reader.error(expected: "a seed: a whole number from 0 to \(UInt64.max)")
    }
    reader.position += 1
    return value
  }

  func environmentName(_ reader: inout LineReader) throws(LineError) -> TokenEnvironment {
    let names = TokenEnvironment.allCases.map(\.rawValue)
    return TokenEnvironment(rawValue: try reader.keyword(names))!
  }
}
