import LifecycleSimulator

extension RuleSetting {
  /// Changes the one field of `rules` this setting names.
  public func apply(to rules: inout LifecycleRules) {
    switch self {
    case .environment(let environment): rules.environment = environment
    case .creation(let creation): rules.creation = creation
    case .servicesRenewal(let renewal): rules.servicesRenewal = renewal
    case .lifetime(let type, let duration):
      if let type {
        rules.lifetimes[type] = duration
      } else {
        rules.lifetimes = TokenLifetimes(all: duration)
      }
    case .refresh(let policy): rules.refreshPolicy = policy
    case .osGating(let on): rules.osGating = on
    case .eligibilityChecks(let on): rules.eligibilityChecks = on
    case .typeRegionGating(let on): rules.typeRegionGating = on
    case .creationNeedsEligibility(let on): rules.creationNeedsEligibility = on
    case .perTransactionInBrazil(let on): rules.perTransactionInBrazil = on
    case .sheetAndLinkNeedPayments(let on): rules.sheetAndLinkNeedPayments = on
    case .stringFormAnswers(let on): rules.stringFormAnswers = on
    case .typedTokenType(let request, let type): rules.typedTokenTypes[request] = type
    }
  }
}
