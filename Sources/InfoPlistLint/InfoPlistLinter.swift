/// Checks an Info.plist, and optionally the app's entitlements, against SPEC section 6.
public enum InfoPlistLinter {
  /// Runs every check. Findings about the Info.plist come first, then those about the
  /// entitlements; within a file they follow the order of the rule tables and sorted keys, so
  /// the output is the same on every run.
  public static func lint(infoPlist: LoadedPropertyList, entitlements: LoadedPropertyList? = nil)
    -> LintReport
  {
    var plistFindings = FindingList(file: infoPlist.file)
    let links = checkKeys(infoPlist.root, into: &plistFindings)
    KeyNameCheck.checkInfoPlist(infoPlist.root, into: &plistFindings)
    checkLinkCounts(links, infoPlist: infoPlist, entitlements: entitlements, into: &plistFindings)

    let versions = OSVersionCheck(infoPlist: infoPlist.root, into: &plistFindings)
    for rule in LintTables.plistKeys where infoPlist.root[rule.name] != nil {
      if let availability = rule.availability {
        versions.check(rule.name, availability: availability, into: &plistFindings)
      }
    }

    guard let entitlements else {
      plistFindings.add(
        .note, .entitlementsSkipped, at: nil,
        "entitlement checks were skipped because no entitlements file was given",
        fix: "lint again with --entitlements FILE, naming the app's .entitlements file")
      return LintReport(files: [infoPlist.file], findings: plistFindings.findings)
    }
    var entitlementFindings = FindingList(file: entitlements.file)
    let grants = EntitlementsCheck.checkValues(entitlements.root, into: &entitlementFindings)
    KeyNameCheck.checkEntitlements(entitlements.root, into: &entitlementFindings)
    EntitlementsCheck.checkPairs(
      infoPlist: infoPlist, entitlementsFile: entitlements.file, grants: grants,
      plistFindings: &plistFindings, entitlementFindings: &entitlementFindings)
    for rule in LintTables.entitlements where entitlements.root[rule.name] != nil {
      if let availability = rule.availability {
        versions.check(rule.name, availability: availability, into: &entitlementFindings)
      }
    }
    return LintReport(
      files: [infoPlist.file, entitlements.file],
      findings: plistFindings.findings + entitlementFindings.findings)
  }

  /// Checks each known key's value; returns the links of the two link keys, by key name.
  private static func checkKeys(
    _ root: [String: PropertyListValue], into list: inout FindingList
  ) -> [String: [String: [String]]] {
    var links: [String: [String: [String]]] = [:]
    for rule in LintTables.plistKeys {
      guard let value = root[rule.name] else { continue }
      switch rule.shape {
      case .countryToLink, .countryToLinks:
        links[rule.name] = LinkDictionaryCheck.check(value, rule: rule, into: &list)
      case .countryList, .boolean:
        CountryListCheck.check(value, at: rule.name, allowed: rule.countries, into: &list)
      }
    }
    return links
  }

  /// Counts links per country. Whether the app is a music-streaming app comes from the
  /// entitlements when given; without them, the streaming region key is taken as the sign.
  private static func checkLinkCounts(
    _ links: [String: [String: [String]]], infoPlist: LoadedPropertyList, entitlements: LoadedPropertyList?,
    into list: inout FindingList
  ) {
    let streaming =
      entitlements.map { $0.root[LintTables.streamingEntitlement] == .boolean(true) }
      ?? (infoPlist.root[LintTables.streamingRegionsKey] != nil)
    let allowedOnlyAsStreaming = LinkCountCheck.check(
      single: links[LintTables.linkKey] ?? [:], multi: links[LintTables.multiLinkKey] ?? [:],
      streaming: streaming, into: &list)
    guard entitlements == nil, !allowedOnlyAsStreaming.isEmpty else { return }
    list.add(
      .note, .streamingAssumed, at: LintTables.multiLinkKey,
      "more than one link is allowed for " + allowedOnlyAsStreaming.map { "'\($0)'" }.joined(separator: ", ")
        + " only because \(LintTables.streamingRegionsKey) marks a music-streaming app; "
        + "without the entitlements this was assumed, not checked",
      fix: "lint with the entitlements file to confirm \(LintTables.streamingEntitlement)")
  }
}
