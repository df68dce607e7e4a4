import ExternalPurchaseTokens
import LifecycleSimulator

/// The on/off rules by their JSON names, with how to read and set each.
private let switches: [(name: String, make: @Sendable (Bool) -> RuleSetting)] = [
  ("osGating", { .osGating($0) }), ("eligibilityChecks", { .eligibilityChecks($0) }),
  ("typeRegionGating", { .typeRegionGating($0) }),
  ("creationNeedsEligibility", { .creationNeedsEligibility($0) }),
  ("perTransactionInBrazil", { .perTransactionInBrazil($0) }),
  ("sheetAndLinkNeedPayments", { .sheetAndLinkNeedPayments($0) }),
  ("stringFormAnswers", { .stringFormAnswers($0) }),
]

/// Every rule `setRule` takes.
private let ruleNames =
  ["environment", "creation", "servicesRenewal", "lifetime", "refresh", "typedTokenType"]
  + switches.map(\.name)

extension RuleSetting {
  /// The rule as `setRule` members.
  var fields: CommandFields {
    var fields = CommandFields(type: "setRule")
    switch self {
    case .environment(let environment):
      fields.rule = "environment"
      fields.environment = environment.rawValue
    case .creation(let creation):
      fields.rule = "creation"
      fields.value = creation.rawValue
    case .servicesRenewal(let renewal):
      fields.rule = "servicesRenewal"
      fields.value = renewal.rawValue
    case .lifetime(let type, let duration):
      fields.rule = "lifetime"
      fields.tokenType = type?.rawValue
      fields.duration = duration
    case .refresh(let policy):
      fields.rule = "refresh"
      switch policy {
      case .never: fields.value = "never"
      case .always: fields.value = "always"
      case .everyNth(let count):
        fields.value = "every"
        fields.every = count
      case .probability(let chance):
        fields.value = "probability"
        fields.probability = chance
      }
    case .typedTokenType(let request, let type):
      fields.rule = "typedTokenType"
      fields.request = request.rawValue
      fields.tokenType = type.rawValue
    case .osGating(let on), .eligibilityChecks(let on), .typeRegionGating(let on),
      .creationNeedsEligibility(let on), .perTransactionInBrazil(let on), .sheetAndLinkNeedPayments(let on),
      .stringFormAnswers(let on):
      fields.rule = switches.first { $0.make(on) == self }?.name
      fields.enabled = on
    }
    return fields
  }
}

extension FieldReader {
  /// `setRule`: `rule` names the rule, the members it needs carry its value.
  func ruleSetting() throws(CommandFieldError) -> RuleSetting {
    let rule = try need(fields.rule, "rule")
    switch rule {
    case "environment": return .environment(try environment())
    case "creation":
      return .creation(try named(PeriodCreation.allCases.map { ($0.rawValue, $0) }))
    case "servicesRenewal":
      return .servicesRenewal(try named(ServicesRenewal.allCases.map { ($0.rawValue, $0) }))
    case "lifetime":
      let type = try fields.tokenType.map { (name) throws(CommandFieldError) in try tokenType(name) }
      return .lifetime(type, try need(fields.duration, "duration"))
    case "refresh":
      switch try named([("never", 0), ("always", 1), ("every", 2), ("probability", 3)]) {
      case 0: return .refresh(.never)
      case 1: return .refresh(.always)
      case 2: return .refresh(.everyNth(try need(fields.every, "every")))
      default: return .refresh(.probability(try need(fields.probability, "probability")))
      }
    case "typedTokenType":
      return .typedTokenType(try typedRequest(), try tokenType(try need(fields.tokenType, "tokenType")))
    default:
      guard let entry = switches.first(where: { $0.name == rule }) else {
        throw CommandFieldError(
          "rule must be one of \(ruleNames.joined(separator: ", ")), found '\(rule)'", "rule")
      }
      return entry.make(try need(fields.enabled, "enabled"))
    }
  }

  /// The choice `value` names among `choices`.
  private func named<T>(_ choices: [(String, T)]) throws(CommandFieldError) -> T {
    let value = try need(fields.value, "value")
    guard let match = choices.first(where: { $0.0 == value }) else {
      let names = choices.map(\.0).joined(separator: ", ")
      throw CommandFieldError(
        "value must be one of \(names) for rule \(fields.rule ?? ""), found '\(value)'", "value")
    }
    return match.1
  }
}
