import ExternalPurchaseTokens
import LifecycleSimulator

extension RuleSetting {
  /// The settings that turn `old` into `new`, one per changed field (the lines a scenario writes,
  /// the commands the UI's rules form sends), in the order a scenario lists them.
  public static func changes(from old: LifecycleRules, to new: LifecycleRules) -> [RuleSetting] {
    var changes: [RuleSetting] = []
    /// The setting `make` gives of the new value, when the field at `field` changed.
    func compare<Value: Equatable>(_ field: KeyPath<LifecycleRules, Value>, _ make: (Value) -> RuleSetting) {
      if old[keyPath: field] != new[keyPath: field] { changes.append(make(new[keyPath: field])) }
    }
    compare(\.environment, RuleSetting.environment)
    compare(\.creation, RuleSetting.creation)
    compare(\.servicesRenewal, RuleSetting.servicesRenewal)
    if old.lifetimes != new.lifetimes { changes += lifetimeChanges(from: old.lifetimes, to: new.lifetimes) }
    compare(\.refreshPolicy, RuleSetting.refresh)
    compare(\.osGating, RuleSetting.osGating)
    compare(\.eligibilityChecks, RuleSetting.eligibilityChecks)
    compare(\.typeRegionGating, RuleSetting.typeRegionGating)
    compare(\.creationNeedsEligibility, RuleSetting.creationNeedsEligibility)
    compare(\.perTransactionInBrazil, RuleSetting.perTransactionInBrazil)
    compare(\.sheetAndLinkNeedPayments, RuleSetting.sheetAndLinkNeedPayments)
    compare(\.stringFormAnswers, RuleSetting.stringFormAnswers)
    for request in TypedTokenRequest.allCases
    where old.typedTokenTypes[request] != new.typedTokenTypes[request] {
      changes.append(.typedTokenType(request, new.typedTokenTypes[request]))
    }
    return changes
  }

  /// The fewest lifetime settings: one per changed type, or `lifetime all` with the most common
  /// lifetime followed by the exceptions, whichever is shorter.
  public static func lifetimeChanges(from old: TokenLifetimes, to new: TokenLifetimes) -> [RuleSetting] {
    let types = CustomLinkTokenType.allCases
    let perType = types.filter { old[$0] != new[$0] }.map { RuleSetting.lifetime($0, new[$0]) }
    let counts = types.map { type in types.filter { new[$0] == new[type] }.count }
    // The lifetime most types share (the first such type's, on a tie).
    let common = new[types[counts.firstIndex(of: counts.max() ?? 0) ?? 0]]
    let withAll =
      [RuleSetting.lifetime(nil, common)] + types.filter { new[$0] != common }.map { .lifetime($0, new[$0]) }
    return withAll.count < perType.count ? withAll : perType
  }
}
