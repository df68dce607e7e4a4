import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

/// Checks expectations against the world after a step and that step's answer.
struct ExpectationEvaluator {
  var world: WorldState
  var answer: StepAnswer?
  var lastCustomer: String?
  var commerce: CommerceWorld? = nil

  func evaluate(_ expectation: Expectation) -> ExpectationRecord {
    let (passed, expected, actual) = verdict(expectation.kind)
    return ExpectationRecord(
      location: expectation.location, text: ScenarioWriter.expectation(expectation.kind),
      status: passed ? .passed : .failed, expected: expected, actual: actual)
  }

  private func verdict(_ kind: ExpectationKind) -> (Bool, String, String) {
    switch kind {
    case .token, .nothing, .eligible, .notEligible: return resultVerdict(kind)
    case .newPeriod, .samePeriod, .sameId, .refreshedId: return relationVerdict(kind)
    case .field(let field, let value):
      guard let token = answer?.issued?.token else { return (false, describe(value, of: field), answerText) }
      let actual = fieldValue(field, of: token)
      return (actual == value, describe(value, of: field), describe(actual, of: field))
    case .url(let pattern):
      guard let issued = answer?.issued, case .token(let record) = answer?.result, let url = record.url else {
        return (false, pattern, answerText)
      }
      let expected = pattern.replacing("{token}", with: issued.raw)
      return (url == expected, expected, url)
    case .environment(let environment):
      guard let token = answer?.issued?.token else { return (false, environment.rawValue, answerText) }
      return (token.environment == environment, environment.rawValue, token.environment.rawValue)
    case .state(let type, let state, let scope): return stateVerdict(type: type, state: state, scope: scope)
    case .periodCount(let type, let count, let scope):
      let actual = world.periods.filter { includes($0.customerId, scope) && (type == nil || $0.type == type) }
        .count
      return (actual == count, String(count), String(actual))
    case .tokenCount(let type, let count, let scope):
      let actual = world.tokens.filter {
        includes($0.customerId, scope) && (type == nil || $0.token.tokenType == type)
      }.count
      return (actual == count, String(count), String(actual))
    case .now(let time):
      return (world.now == time, Self.time(time), Self.time(world.now))
    default: return commerceVerdict(kind)
    }
  }

  private func resultVerdict(_ kind: ExpectationKind) -> (Bool, String, String) {
    let result = answer?.result
    switch kind {
    case .token:
      if case .token = result { return (true, "a token", answerText) }
      return (false, "a token", answerText)
    case .nothing:
      if case .noToken = result { return (true, "no token (nil)", answerText) }
      return (false, "no token (nil)", answerText)
    case .eligible:
      if case .eligible = result { return (true, "eligible", answerText) }
      return (false, "eligible", answerText)
    case .notEligible(let reason):
      let expected = "not eligible" + (reason.map { ", reason \($0)" } ?? "")
      if case .notEligible(let code, _) = result, reason == nil || reason == code {
        return (true, expected, answerText)
      }
      return (false, expected, answerText)
    default: preconditionFailure("not a result expectation")
    }
  }

  /// `new period`, `same period`, `same id`, `refreshed id`: this answer against the previous one
  /// for the same customer and type. The first two compare periods by identity, so exactly one of
  /// them holds for every token answer (and neither for nil or a refusal).
  private func relationVerdict(_ kind: ExpectationKind) -> (Bool, String, String) {
    let previous = answer?.previous
    guard let answer, let issued = answer.issued else {
      return (false, relationExpectation(kind, previous: previous), answerText)
    }
    let expected = relationExpectation(kind, previous: previous)
    switch kind {
    case .newPeriod:
      let actual =
        answer.isSamePeriod
        ? "\(periodName(issued)), the previous answer's"
        : "\(periodName(issued))" + (previous == nil ? ", the first answer" : "")
      return (!answer.isSamePeriod, expected, actual)
    case .samePeriod:
      return (answer.isSamePeriod, expected, previous == nil ? "no earlier answer" : periodName(issued))
    default:
      guard let previous = previous?.token else { return (false, expected, "no earlier answer") }
      let token = issued.token
      let sameId = token.externalPurchaseId == previous.externalPurchaseId
      if kind == .sameId { return (sameId, expected, "id " + token.externalPurchaseId) }
      return (
        answer.isSamePeriod && !sameId, expected, "\(periodName(issued)), id \(token.externalPurchaseId)"
      )
    }
  }

  private func relationExpectation(_ kind: ExpectationKind, previous: IssuedToken?) -> String {
    guard let previous else {
      return kind == .newPeriod
        ? "a period other than the previous answer's" : "an earlier answer to compare with"
    }
    switch kind {
    case .newPeriod: return "a period other than the previous answer's (\(periodName(previous)))"
    case .samePeriod: return "the previous answer's period (\(periodName(previous)))"
    case .sameId: return "id " + previous.token.externalPurchaseId
    default: return "\(periodName(previous)), an id other than \(previous.token.externalPurchaseId)"
    }
  }

  private func stateVerdict(type: CustomLinkTokenType, state: PeriodState, scope: CustomerScope) -> (
    Bool, String, String
  ) {
    let customer = customerId(scope) ?? "?"
    let periods = world.periods(of: customer, type: type)
    let actual: PeriodState
    let detail: String
    if let active = world.activePeriod(of: customer, type: type) {
      actual = .active
      detail = "period \(active.ordinal) until \(ISOTime.string(active.expirationDate))"
    } else if let last = periods.last {
      actual = .expired
      detail = "period \(last.ordinal) ended \(ISOTime.string(last.expirationDate))"
    } else {
      actual = .none
      detail = "never started"
    }
    return (
      actual == state, "\(state.rawValue) for \(customer)", "\(actual.rawValue) for \(customer) (\(detail))"
    )
  }

  func customerId(_ scope: CustomerScope) -> String? {
    switch scope {
    case .lastUsed: return lastCustomer
    case .named(let customer): return customer
    case .everyone: return nil
    }
  }

  private func includes(_ customer: String, _ scope: CustomerScope) -> Bool {
    scope == .everyone || customer == customerId(scope)
  }

  private func fieldValue(_ field: TokenField, of token: ExternalPurchaseToken) -> FieldValue {
    switch field.value(in: token) {
    case .integer(let number): return .integer(number)
    case .text(let text): return .text(text)
    case nil: return .absent
    }
  }

  /// As the writer spells it, with the milliseconds beside a date.
  private func describe(_ value: FieldValue, of field: TokenField) -> String {
    if field.isDate, case .integer(let number) = value { return Self.time(number) }
    return ScenarioWriter.fieldValue(value, of: field)
  }

  private func periodName(_ issued: IssuedToken) -> String {
    guard let periodId = issued.periodId else { return "a plain token" }
    let period = world.periods[periodId]
    return "\(period.type.rawValue) period \(period.ordinal) of \(period.customerId)"
  }

  /// The step's answer in a few words, for `actual`.
  private var answerText: String {
    guard let answer else { return "no answer" }
    return StepResultText.describe(answer.result)
  }

  static func time(_ time: VirtualTime) -> String { "\(ISOTime.string(time)) (\(time))" }

}
