import ExternalPurchaseTokens

/// The notice sheet and link-out APIs, which hand out plain tokens (SPEC 3).
extension WorldState {
  mutating func presentNoticeSheet(deviceId: String, log: inout EventLog) throws(SimulationError)
    -> LegacyResult
  {
    let device = try deviceRunningApp(deviceId)
    if let reason = noticeSheetIneligibility(on: device) {
      log.add(.refusal, "presentNoticeSheet() fails: \(reason)")
      return .unavailable(reason)
    }
    return .token(index: mintToken(device: device, source: .noticeSheet, isRefresh: false, log: &log))
  }

  mutating func openLinkOut(deviceId: String, url: String?, log: inout EventLog) throws(SimulationError)
    -> LegacyResult
  {
    let device = try deviceRunningApp(deviceId)
    if let reason = linkOutIneligibility(on: device, withURL: url != nil) {
      log.add(.refusal, "link-out fails: \(reason)")
      return .unavailable(reason)
    }
    // Only the keys the device's OS knows (SPEC 6); with `eligibility off`, any URL opens (below).
    let destinations = linkOutDestinations(on: device)
    let destination: String
    if let url {
      guard destinations.contains(url) || !rules.eligibilityChecks else {
        throw SimulationError(
          "\(url) is not a destination for storefront \(device.storefront) (known: \(destinations.joined(separator: ", ")))"
        )
      }
      destination = url
    } else if let first = destinations.first {
      destination = first
    } else {
      throw SimulationError(
        "no link-out destination for storefront \(device.storefront) in the Info.plist keys that "
          + "\(device.platform.rawValue) \(device.osVersion) knows")
    }
    // Mint first so the URL can carry the token, then record the full URL as its source.
    let index = mintToken(device: device, source: .linkOut(url: destination), isRefresh: false, log: &log)
    let fullURL = Self.linkOutURL(destination: destination, token: tokens[index].raw, bundleId: app.bundleId)
    tokens[index].source = .linkOut(url: fullURL)
    log.add(.token, "opens \(fullURL)")
    return .token(index: index)
  }

  /// The destination with `externalPurchaseToken` and `bundleId` appended (SPEC 3). Base64URL and
  /// bundle ids need no percent-encoding in a query.
  public static func linkOutURL(destination: String, token: String, bundleId: String) -> String {
    let separator = destination.contains("?") ? "&" : "?"
    return "\(destination)\(separator)externalPurchaseToken=\(token)&bundleId=\(bundleId)"
  }
}
