import ExternalPurchaseAvailability

/// Warns about keys and entitlements that take effect only from an OS version newer than the
/// app's deployment target (SPEC section 6 table; SPEC 3 for the macOS version of custom links).
struct OSVersionCheck {
  /// The deployment targets read from the Info.plist; nil where absent or unreadable.
  let iOS: OSVersion?
  let macOS: OSVersion?

  /// Reads `MinimumOSVersion` and `LSMinimumSystemVersion`, warning about unreadable values.
  init(infoPlist root: [String: PropertyListValue], into list: inout FindingList) {
    iOS = Self.read(LintTables.iOSVersionKey, in: root, into: &list)
    macOS = Self.read(LintTables.macOSVersionKey, in: root, into: &list)
  }

  /// Checks one present key or entitlement; findings go to `list`, the file that holds `name`.
  func check(_ name: String, availability: KeyAvailability, into list: inout FindingList) {
    // Every key in the table has an iOS version; a missing one would mean "iOS never".
    let iOSText = availability.iOS.map { "iOS \($0)" } ?? "no iOS version"
    let macText = availability.macOS.map { " and macOS \($0)" } ?? ""
    guard iOS != nil || macOS != nil else {
      list.add(
        .note, .osVersionUnknown, at: name,
        "takes effect only from \(iOSText)\(macText); the Info.plist sets neither \(LintTables.iOSVersionKey) "
          + "nor \(LintTables.macOSVersionKey), so the linter cannot tell whether older systems are supported",
        fix: "make sure the deployment target is at least \(iOSText), or handle older systems without it")
      return
    }
    if let iOS, let required = availability.iOS, iOS < required {
      list.add(
        .warning, .osVersion, at: name,
        "takes effect only from \(iOSText), but \(LintTables.iOSVersionKey) is \(iOS)",
        fix: "raise the iOS deployment target to \(required), or expect older systems to ignore it")
    }
    guard let macOS else { return }
    guard let macRequired = availability.macOS else {
      list.add(
        .warning, .platformUnsupported, at: name,
        "Apple documents this for iOS and iPadOS only, but \(LintTables.macOSVersionKey) marks a macOS app",
        fix: "do not rely on it on macOS")
      return
    }
    if macOS < macRequired {
      list.add(
        .warning, .osVersion, at: name,
        "takes effect only from macOS \(macRequired), but \(LintTables.macOSVersionKey) is \(macOS)",
        fix: "raise the macOS deployment target to \(macRequired), or expect older systems to ignore it")
    }
  }

  private static func read(
    _ key: String, in root: [String: PropertyListValue], into list: inout FindingList
  ) -> OSVersion? {
    guard let value = root[key] else { return nil }
    if let text = value.stringValue, let version = OSVersion(text) { return version }
    let shown = value.stringValue.map { "'\($0)'" } ?? value.typeNameWithArticle
    list.add(
      .warning, .osVersionUnreadable, at: key,
      "is \(shown), not a version string such as '17.5'; OS-version checks ignore it",
      fix: "write the version as a <string>, such as <string>17.5</string>")
    return nil
  }
}
