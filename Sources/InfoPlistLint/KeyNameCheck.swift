/// Finds keys that are misspelt, or that belong in the other file (an entitlement written into
/// Info.plist, or an Info.plist key written into the entitlements).
enum KeyNameCheck {
  static func checkInfoPlist(_ root: [String: PropertyListValue], into list: inout FindingList) {
    let known = LintTables.plistKeys.map(\.name)
    let entitlements = LintTables.entitlements.map(\.name)
    for key in root.keys.sorted() where !known.contains(key) {
      if entitlements.contains(key) {
        list.add(
          .warning, .misplacedKey, at: key,
          "is an entitlement; StoreKit reads it from the app's signed entitlements, not from Info.plist",
          fix: "move it to the app's .entitlements file")
      } else if key.lowercased().hasPrefix(LintTables.plistKeyPrefix.lowercased()) {
        reportUnknown(key, known: known, into: &list)
      }
    }
  }

  static func checkEntitlements(_ root: [String: PropertyListValue], into list: inout FindingList) {
    let known = LintTables.entitlements.map(\.name)
    let plistKeys = LintTables.plistKeys.map(\.name)
    for key in root.keys.sorted() where !known.contains(key) {
      if plistKeys.contains(key) {
        list.add(
          .warning, .misplacedKey, at: key,
          "is an Info.plist key; StoreKit does not read it from the entitlements",
          fix: "move it to Info.plist")
      } else if LintTables.entitlementPrefixes.contains(where: { key.lowercased().hasPrefix($0) }) {
        reportUnknown(key, known: known, into: &list)
      }
    }
  }

  private static func reportUnknown(_ key: String, known: [String], into list: inout FindingList) {
    let meant = EditDistance.closest(to: key, among: known) ?? known[0]
    list.add(
      .warning, .unknownKey, at: key, "is not a key StoreKit knows; did you mean \(meant)?",
      fix: "rename it to \(meant)")
  }
}
