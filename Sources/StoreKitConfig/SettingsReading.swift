/// The `settings` object: what maps to epsim's settings, and the keys it ignores (SPEC-STOREKIT-CONFIG 1.1).
enum SettingsReading {
  /// Settings Xcode writes that have no server-side counterpart in epsim.
  static let withoutCounterpart: Set<String> = [
    "_locale", "_askToBuyEnabled", "_billingIssuesEnabled", "_disableDialogs", "_failTransactionsEnabled",
    "_storeKitError", "_storeKitErrors", "_compatibilityTimeRate", "_applicationInternalID",
    "_developerTeamID", "_lastSynchronizedDate", "_shouldSetupSyncOnLoad",
  ]
  static let withCounterpart: Set<String> = [
    "_storefront", "_timeRate", "_renewalBillingIssuesEnabled", "_billingGracePeriodEnabled",
  ]

  static func read(_ node: JSONNode, notes: inout NoteList) throws(NodeError) -> StoreKitSettings {
    _ = try node.object()
    var settings = StoreKitSettings()
    if let value = node.member("_storefront") {
      let code = try value.string("a storefront such as USA (ISO 3166-1 alpha-3)")
      guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
        throw NodeError(
          value.path, expected: "a storefront such as USA (ISO 3166-1 alpha-3)", found: value.value)
      }
      settings.storefront = code
    }
    settings.locale = try node.member("_locale").map { (value) throws(NodeError) in try value.string() }
    if let value = node.member("_timeRate") {
      let rate = try value.integer("a time rate number such as 0 or 13", in: 0...1_000_000)
      settings.timeRate = rate
      if let warning = StoreKitTimeRate.warning(for: rate) { notes.add("warning: " + warning) }
    }
    settings.renewalBillingIssues = try flag(node, "_renewalBillingIssuesEnabled")
    settings.billingGracePeriod = try flag(node, "_billingGracePeriodEnabled")
    settings.askToBuy = try flag(node, "_askToBuyEnabled")
    if settings.askToBuy == true {
      notes.add(
        "settings._askToBuyEnabled is on, but epsim does not model Ask to Buy: purchases complete at once")
    }
    if settings.billingGracePeriod == true && settings.renewalBillingIssues != true {
      notes.add(
        "settings._billingGracePeriodEnabled is on: epsim gives failed renewals a grace period, which "
          + "only matters once renewals fail (_renewalBillingIssuesEnabled or a failing-renewals line)")
    }
    settings.ignored = node.keys.filter { !withCounterpart.contains($0) }
    if !settings.ignored.isEmpty {
      let unknown = settings.ignored.filter { !withoutCounterpart.contains($0) }
      notes.add(
        "settings ignored (no counterpart in epsim's App Store): " + settings.ignored.joined(separator: ", ")
          + (unknown.isEmpty ? "" : " (unknown to epsim: " + unknown.joined(separator: ", ") + ")"))
    }
    return settings
  }

  private static func flag(_ node: JSONNode, _ key: String) throws(NodeError) -> Bool? {
    try node.member(key).map { (value) throws(NodeError) in try value.bool() }
  }
}
