import ExternalPurchaseTokens

/// The eligibility rules of SPEC sections 3, 5 and 6, as pure questions about the world.
extension WorldState {
  /// Why `ExternalPurchaseCustomLink` would throw on `device` (or `isEligible` be false); nil when it would not.
  /// With a `type`, also the OS and region rules for that token type.
  public func customLinkIneligibility(on device: Device, type: CustomLinkTokenType? = nil) -> Ineligibility? {
    let perTransaction = type == .inApp || type == .linkOut
    if !customLinkOSAllows(device, perTransaction: perTransaction) {
      let api = type?.tokenCallName ?? "ExternalPurchaseCustomLink"
      return .osTooOld(
        platform: device.platform, version: device.osVersion,
        required: Self.customLinkOSMinimum(device.platform, perTransaction: perTransaction), api: api)
    }
    if rules.eligibilityChecks, let reason = customLinkProgramIneligibility(on: device) { return reason }
    if let type, !customLinkRegionAllows(device, perTransaction: perTransaction) {
      return .typeNotOffered(type: type, storefront: device.storefront)
    }
    return nil
  }

  /// The types `ExternalPurchaseCustomLink.token(for:)` would hand out on `device`: for each type,
  /// exactly when `customLinkIneligibility(on:type:)` is nil. The program rules, the same for
  /// every type, are asked once: a generator asks for all four per device (issue 26).
  public func customLinkTypesOffered(on device: Device) -> CustomLinkTypesOffered {
    if rules.eligibilityChecks, customLinkProgramCheck(on: device) != .allowed { return [] }
    var offered: CustomLinkTypesOffered = []
    if customLinkOSAllows(device, perTransaction: false),
      customLinkRegionAllows(device, perTransaction: false)
    {
      offered.formUnion([.acquisition, .services])
    }
    if customLinkOSAllows(device, perTransaction: true), customLinkRegionAllows(device, perTransaction: true)
    {
      offered.formUnion([.inApp, .linkOut])
    }
    return offered
  }

  /// The OS rule of SPEC 5: per-transaction types (IN_APP, LINK_OUT) need a newer OS than the others.
  private func customLinkOSAllows(_ device: Device, perTransaction: Bool) -> Bool {
    !rules.osGating
      || device.osVersion >= Self.customLinkOSMinimum(device.platform, perTransaction: perTransaction)
  }

  private static func customLinkOSMinimum(_ platform: Platform, perTransaction: Bool) -> OSVersion {
    perTransaction ? platform.perTransactionTokenMinimum : platform.customLinkMinimum
  }

  /// The region rule of SPEC 5: each kind of type is offered in its own storefronts.
  private func customLinkRegionAllows(_ device: Device, perTransaction: Bool) -> Bool {
    guard rules.typeRegionGating else { return true }
    let offered =
      perTransaction
      ? (rules.perTransactionInBrazil ? StorefrontSets.perTransaction : StorefrontSets.perTransactionJapan)
      : StorefrontSets.acquisitionAndServices
    return offered.contains(device.storefront)
  }

  /// The storefront, payment, entitlement and region-key rules behind `isEligible` (SPEC 6).
  private func customLinkProgramIneligibility(on device: Device) -> Ineligibility? {
    switch customLinkProgramCheck(on: device) {
    case .allowed: return nil
    case .refused(let reason): return reason
    case .onlyKeysTheOSPredates:
      return keyVersionIneligibility(
        on: device, listings: customLinkListings(of: device.storefront), storefront: device.storefront)
    }
  }

  /// The answer of the program rules, with the one reason that takes work to explain left
  /// unexplained: callers that only need yes or no do not build it (issue 26).
  enum ProgramCheck: Equatable {
    case allowed
    case refused(Ineligibility)
    /// Every key that lists the storefront is newer than the device's OS (SPEC 6).
    case onlyKeysTheOSPredates
  }

  private func customLinkProgramCheck(on device: Device) -> ProgramCheck {
    if let reason = paymentIneligibility(on: device) { return .refused(reason) }
    let entitlements = app.entitlements
    guard
      entitlements.externalPurchaseLink || entitlements.externalPurchaseLinkStreaming
        || !entitlements.customPurchaseLinkAllowedRegions.isEmpty
    else {
      return .refused(
        .missingEntitlement(
          "com.apple.developer.storekit.external-purchase-link (or -streaming, or custom-purchase-link.allowed-regions)"
        ))
    }
    guard StorefrontSets.customLinkStorefronts.contains(device.storefront) else {
      return .refused(.storefrontNotAllowed(storefront: device.storefront))
    }
    // One pass over the listings answers both "is the storefront listed" and "does the OS know a
    // key that lists it": every device's first request, and every `isEligible`, asks. The
    // listings are gathered only for a reason.
    var listed = false
    for listing in CustomLinkListing.all where lists(device.storefront, in: listing) {
      if !rules.osGating || knowsKey(of: listing, on: device) { return .allowed }
      listed = true
    }
    guard listed else {
      return .refused(
        .storefrontNotListed(
          storefront: device.storefront,
          keys:
            "SKExternalPurchaseCustomLinkRegions, SKExternalPurchaseLinkStreamingRegions or the allowed-regions entitlement"
        ))
    }
    // Listed, with OS gating on, and no listing's key known to the OS.
    return .onlyKeysTheOSPredates
  }

  /// The storefronts where the app's custom links work: each region key counts only with its
  /// entitlement, and only for the countries that key allows. OS versions aside: a device whose
  /// OS predates a key also needs `customLinkIneligibility` to be nil (SPEC 6).
  public var customLinkRegions: Set<String> {
    let entitlements = app.entitlements
    var regions = Set<String>()
    if entitlements.externalPurchaseLink {
      regions.formUnion(Set(app.infoPlist.customLinkRegions).intersection(Regions.customLink))
    }
    if entitlements.externalPurchaseLinkStreaming {
      regions.formUnion(Set(app.infoPlist.streamingRegions).intersection(Regions.streaming))
    }
    regions.formUnion(
      Set(entitlements.customPurchaseLinkAllowedRegions).intersection(Regions.allowedRegionsEntitlement))
    return regions
  }

  /// Why the notice sheet (`ExternalPurchase`) is unavailable on `device`; nil when it is available.
  public func noticeSheetIneligibility(on device: Device) -> Ineligibility? {
    if let reason = legacyOSIneligibility(on: device, api: "ExternalPurchase.presentNoticeSheet()") {
      return reason
    }
    guard rules.eligibilityChecks else { return nil }
    if rules.sheetAndLinkNeedPayments, let reason = paymentIneligibility(on: device) { return reason }
    guard app.entitlements.externalPurchase else {
      return .missingEntitlement("com.apple.developer.storekit.external-purchase")
    }
    guard StorefrontSets.noticeSheet.contains(device.storefront) else {
      return .storefrontNotAllowed(storefront: device.storefront)
    }
    guard app.infoPlist.lookup.externalPurchaseCountries.contains(device.storefront) else {
      return .storefrontNotListed(storefront: device.storefront, keys: "SKExternalPurchase")
    }
    return nil
  }

  /// Why link-out (`ExternalPurchaseLink.open`) is unavailable on `device`; nil when it is available.
  public func linkOutIneligibility(on device: Device, withURL: Bool) -> Ineligibility? {
    let api = withURL ? "ExternalPurchaseLink.open(url:)" : "ExternalPurchaseLink.open()"
    if let reason = legacyOSIneligibility(on: device, api: api) { return reason }
    if withURL, rules.osGating, device.osVersion < OSVersion(17, 5) {
      return .osTooOld(
        platform: device.platform, version: device.osVersion, required: OSVersion(17, 5), api: api)
    }
    guard rules.eligibilityChecks else { return nil }
    if rules.sheetAndLinkNeedPayments, let reason = paymentIneligibility(on: device) { return reason }
    guard app.entitlements.externalPurchaseLink else {
      return .missingEntitlement("com.apple.developer.storekit.external-purchase-link")
    }
    guard StorefrontSets.linkOut.contains(device.storefront) else {
      return .storefrontNotAllowed(storefront: device.storefront)
    }
    guard hasLinkOutDestination(for: device.storefront) else {
      return .storefrontNotListed(
        storefront: device.storefront, keys: "SKExternalPurchaseLink or SKExternalPurchaseMultiLink")
    }
    return linkOutKeyVersionIneligibility(on: device)
  }

  /// `isEligible` needs an account that can make payments (SPEC 6); the notice sheet and link-out
  /// need one too only by assumption, under `sheetAndLinkNeedPayments` (docs/rules.md).
  private func paymentIneligibility(on device: Device) -> Ineligibility? {
    guard let customer = customer(device.customerId), !customer.canMakePayments else { return nil }
    return .cannotMakePayments(customer: customer.id)
  }

  private func legacyOSIneligibility(on device: Device, api: String) -> Ineligibility? {
    guard rules.osGating else { return nil }
    guard let minimum = device.platform.legacyAPIMinimum else {
      return .apiUnavailableOnPlatform(platform: device.platform, api: api)
    }
    guard device.osVersion >= minimum else {
      return .osTooOld(platform: device.platform, version: device.osVersion, required: minimum, api: api)
    }
    return nil
  }
}

extension CustomLinkTokenType {
  /// `token(for: TYPE)`, one literal per type: interpolated, it cost an allocation on every
  /// refusal, and the generator asks for every type on devices too old for them (issue 26).
  var tokenCallName: String {
    switch self {
    case .acquisition: return "token(for: ACQUISITION)"
    case .services: return "token(for: SERVICES)"
    case .inApp: return "token(for: IN_APP)"
    case .linkOut: return "token(for: LINK_OUT)"
    }
  }
}
