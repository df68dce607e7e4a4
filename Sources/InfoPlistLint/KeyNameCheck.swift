/// Finds keys that are misspelt, or that belong in the other file (an entitlement written into
/// Info.plist, or an Info.plist key written into the entitlements).
enum KeyNameCheck {
  static func checkInfoPlist(_ root: [String: PropertyListValue], into list: inout FindingList) {
    let file = KeyFile(
      known: LintTables.plistKeys.map(\.name), otherFile: LintTables.entitlements.map(\.name),
      misplaced:
        "is an entitlement; StoreKit reads it from the app's signed entitlements, not from Info.plist",
      fix: "move it to the app's .entitlements file",
      looksOwn: { $0.lowercased().hasPrefix(LintTables.plistKeyPrefix.lowercased()) })
    check(root, file, into: &list)
  }

  static func checkEntitlements(_ root: [String: PropertyListValue], into list: inout FindingList) {
    let file = KeyFile(
      known: LintTables.entitlements.map(\.name), otherFile: LintTables.plistKeys.map(\.name),
      misplaced: "is an Info.plist key; StoreKit does not read it from the entitlements",
      fix: "move it to Info.plist",
      looksOwn: { key in LintTables.entitlementPrefixes.contains { key.lowercased().hasPrefix($0) } })
    check(root, file, into: &list)
  }

  /// The keys one file may hold, the other file's keys and what to say of one found here, and
  /// which unknown keys look meant for this file (so a misspelling is worth a suggestion).
  private struct KeyFile {
    var known: [String]
    var otherFile: [String]
    var misplaced: String
    var fix: String
    var looksOwn: (String) -> Bool
  }

  private static func check(
    _ root: [String: PropertyListValue], _ file: KeyFile, into list: inout FindingList
  ) {
    for key in root.keys.sorted() where !file.known.contains(key) {
      if file.otherFile.contains(key) {
        list.add(.warning, .misplacedKey, at: key, file.misplaced, fix: file.fix)
      } else if file.looksOwn(key) {
        let meant = EditDistance.closest(to: key, among: file.known) ?? file.known[0]
        list.add(
          .warning, .unknownKey, at: key, "is not a key StoreKit knows; did you mean \(meant)?",
          fix: "rename it to \(meant)")
      }
    }
  }
}
