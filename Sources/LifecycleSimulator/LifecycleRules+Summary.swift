import ExternalPurchaseTokens

extension LifecycleRules {
  /// The rules in a few words: the environment's preset, then every field that differs from it,
  /// in the scenario language's words (for logs and the terminal UI's event list).
  public var summary: String {
    let preset = LifecycleRules.preset(environment)
    var differences: [String] = []
    if creation != preset.creation { differences.append("creation \(creation.rawValue)") }
    if servicesRenewal != preset.servicesRenewal {
      differences.append("services-renewal \(servicesRenewal.rawValue)")
    }
    for type in CustomLinkTokenType.allCases where lifetimes[type] != preset.lifetimes[type] {
      differences.append("lifetime \(type.rawValue) \(DurationText.format(lifetimes[type]))")
    }
    if refreshPolicy != preset.refreshPolicy { differences.append("refresh \(refreshPolicy)") }
    let switches: [(String, Bool, Bool)] = [
      ("os-gating", osGating, preset.osGating), ("eligibility", eligibilityChecks, preset.eligibilityChecks),
      ("type-regions", typeRegionGating, preset.typeRegionGating),
      ("creation-needs-eligibility", creationNeedsEligibility, preset.creationNeedsEligibility),
      ("type-regions brazil", perTransactionInBrazil, preset.perTransactionInBrazil),
      ("sheet-and-link-payments", sheetAndLinkNeedPayments, preset.sheetAndLinkNeedPayments),
      ("string-form", stringFormAnswers, preset.stringFormAnswers),
    ]
    for (name, value, presetValue) in switches where value != presetValue {
      differences.append("\(name) \(value ? "on" : "off")")
    }
    for request in TypedTokenRequest.allCases
    where typedTokenTypes[request] != preset.typedTokenTypes[request] {
      differences.append("typed-token-type \(request.rawValue) \(typedTokenTypes[request].rawValue)")
    }
    let base = "\(environment.rawValue) preset"
    return differences.isEmpty ? base : base + " with " + differences.joined(separator: ", ")
  }
}
