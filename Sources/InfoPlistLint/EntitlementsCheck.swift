/// Checks the entitlements file, and that Info.plist keys and entitlements come in the pairs
/// SPEC section 6 requires.
enum EntitlementsCheck {
  /// What the entitlements file grants, after its values were checked.
  struct Grants {
    /// Entitlements present with a usable value (`true`, or a country list).
    var granted: Set<String> = []
    /// Boolean entitlements present but set to `false`.
    var disabled: Set<String> = []
    /// Entitlements present with a value of the wrong type (already reported as such).
    var malformed: Set<String> = []
  }

  /// Checks the value of every known entitlement in `root`.
  static func checkValues(_ root: [String: PropertyListValue], into list: inout FindingList) -> Grants {
    var grants = Grants()
    for rule in LintTables.entitlements {
      guard let value = root[rule.name] else { continue }
      switch (rule.shape, value) {
      case (.boolean, .boolean(true)):
        grants.granted.insert(rule.name)
      case (.boolean, .boolean(false)):
        grants.disabled.insert(rule.name)
        list.add(
          .note, .entitlementFalse, at: rule.name, "is set to false, so it grants nothing",
          fix: "set it to <true/> if Apple granted it to the app, or remove it")
      case (.boolean, _):
        grants.malformed.insert(rule.name)
        list.add(
          .error, .valueType, at: rule.name, "must be a Boolean, found \(value.typeName)",
          fix: "write <true/>")
      default:
        CountryListCheck.check(value, at: rule.name, allowed: rule.countries, into: &list)
        if case .array = value {
          grants.granted.insert(rule.name)
        } else {
          grants.malformed.insert(rule.name)
        }
      }
    }
    return grants
  }

  /// Every present Info.plist key needs its entitlement; every granted entitlement that works
  /// through keys needs at least one of them.
  static func checkPairs(
    infoPlist: LoadedPropertyList, entitlementsFile: String, grants: Grants,
    plistFindings: inout FindingList, entitlementFindings: inout FindingList
  ) {
    for rule in LintTables.plistKeys where infoPlist.root[rule.name] != nil {
      // A malformed entitlement was reported where it stands; saying it is missing would mislead.
      if grants.granted.contains(rule.entitlement) || grants.malformed.contains(rule.entitlement) { continue }
      let state = grants.disabled.contains(rule.entitlement) ? "sets it to false" : "does not include it"
      plistFindings.add(
        .error, .entitlementMissing, at: rule.name,
        "needs the entitlement \(rule.entitlement), but \(entitlementsFile) \(state)",
        fix: "add \(rule.entitlement) set to <true/> to the entitlements (Apple must grant it first), "
          + "or remove \(rule.name)")
    }
    for rule in LintTables.entitlements where !rule.usedByKeys.isEmpty && grants.granted.contains(rule.name) {
      guard !rule.usedByKeys.contains(where: { infoPlist.root[$0] != nil }) else { continue }
      entitlementFindings.add(
        .error, .entitlementUnused, at: rule.name,
        "is granted, but \(infoPlist.file) has none of the keys that put it to use ("
          + rule.usedByKeys.joined(separator: ", ") + ")",
        fix: "add \(rule.usedByKeys[0]) to \(infoPlist.file), or remove the entitlement")
    }
  }
}
