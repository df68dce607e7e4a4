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
    return .token(
      index: mintToken(
        customerId: device.customerId, deviceId: device.id, source: .noticeSheet, isRefresh: false, log: &log)
    )
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
    // The token keeps the destination; the URL with the token appended is built when read
    // (`IssuedToken.linkOutURL`), the bundle id being the token's, which is the app's.
    let index = mintToken(
      customerId: device.customerId, deviceId: device.id, source: .linkOut(destination: destination),
      isRefresh: false, log: &log)
    log.add(.token, "opens \(tokens[index].linkOutURL ?? destination)")
    return .token(index: index)
  }

  /// The destination with `externalPurchaseToken` and `bundleId` appended (SPEC 3). Base64URL and
  /// bundle ids need no percent-encoding in a query.
  public static func linkOutURL(destination: String, token: String, bundleId: String) -> String {
    // Joined into one string reserved at its length: interpolation grew the string piece by piece,
    // and `contains("?")` walked Characters; link-out mints a token per purchase (issue 26).
    let separator = hasQueryMark(destination) ? "&" : "?"
    let parameter = "externalPurchaseToken="
    let bundleParameter = "&bundleId="
    var url = ""
    url.reserveCapacity(
      destination.utf8.count + 1 + parameter.utf8.count + token.utf8.count + bundleParameter.utf8.count
        + bundleId.utf8.count)
    url += destination
    url += separator
    url += parameter
    url += token
    url += bundleParameter
    url += bundleId
    return url
  }

  /// Whether `destination` holds the Character `?`. An ASCII string's bytes are its Characters,
  /// so a byte scan answers; otherwise a `?` followed by a combining mark is another Character,
  /// and the Characters are compared as before.
  private static func hasQueryMark(_ destination: String) -> Bool {
    let utf8 = destination.utf8
    if let answer = utf8.withContiguousStorageIfAvailable({ bytes -> Bool? in
      var sawQuery = false
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte == UInt8(ascii: "?") { sawQuery = true }
      }
      return sawQuery
    }), let answer {
      return answer
    }
    return destination.contains("?")
  }
}
