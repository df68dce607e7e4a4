import ExternalPurchaseTokens
import LifecycleSimulator

/// An event for the control API, as JSON: `{"type": "install", "device": "alice.iphone"}`.
/// Every member but `type` is optional here; `worldEvent()` says which one an event needs.
struct ControlEvent: Decodable, Sendable {
  var type: String
  var device: String?
  var customer: String?
  var version: String?
  var tokenType: String?
  /// `requestTypedToken`: `withinApp` or `outOfApp` (SPEC 5).
  var request: String?
  var url: String?
  /// `advanceClock`: an absolute time (UNIX ms or ISO 8601 UTC) ...
  var to: TimeValue?
  /// ... or a span in ms from now.
  var by: Int64?
  var id: String?
  var platform: String?
  var osVersion: String?
  var storefront: String?
  var allowed: Bool?
  var canMakePayments: Bool?
  var environment: String?

  static let types = [
    "install", "update", "redownload", "uninstall", "requestToken", "requestTypedToken", "checkEligibility",
    "presentNoticeSheet",
    "openLinkOut", "forceRefresh", "advanceClock", "addCustomer", "addDevice", "setStorefront",
    "setOSVersion",
    "setCanMakePayments", "setEnvironment",
  ]

  /// The engine event, or which member is missing or wrong.
  func worldEvent(now: VirtualTime) throws(ControlError) -> WorldEvent {
    switch type {
    case "install": return .install(device: try need(device, "device"))
    case "update": return .update(device: try need(device, "device"), version: version)
    case "redownload": return .redownload(device: try need(device, "device"))
    case "uninstall": return .uninstall(device: try need(device, "device"))
    case "requestToken":
      let name = try need(tokenType, "tokenType")
      guard let type = CustomLinkTokenType(rawValue: name) else {
        throw ControlError(
          "tokenType must be ACQUISITION, SERVICES, IN_APP or LINK_OUT, found '\(name)'", "tokenType")
      }
      return .requestToken(device: try need(device, "device"), type: type)
    case "requestTypedToken":
      let name = try need(request, "request")
      guard let typed = TypedTokenRequest(rawValue: name) else {
        throw ControlError("request must be withinApp or outOfApp, found '\(name)'", "request")
      }
      return .requestTypedToken(device: try need(device, "device"), request: typed)
    case "checkEligibility": return .checkEligibility(device: try need(device, "device"))
    case "presentNoticeSheet": return .presentNoticeSheet(device: try need(device, "device"))
    case "openLinkOut": return .openLinkOut(device: try need(device, "device"), url: url)
    case "forceRefresh": return .forceRefresh
    case "advanceClock": return .advanceClock(to: try clockTarget(now: now))
    default: return try configurationEvent()
    }
  }

  private func configurationEvent() throws(ControlError) -> WorldEvent {
    switch type {
    case "addCustomer":
      return .addCustomer(Customer(id: try need(id, "id"), canMakePayments: canMakePayments ?? true))
    case "addDevice":
      let platformName = try need(platform, "platform")
      guard let platform = Platform(name: platformName) else {
        throw ControlError("unknown platform '\(platformName)'", "platform")
      }
      return .addDevice(
        Device(
          id: try need(id, "id"), customerId: try need(customer, "customer"), platform: platform,
          osVersion: try version(osVersion), storefront: try need(storefront, "storefront")))
    case "setStorefront":
      return .setStorefront(
        device: try need(device, "device"), storefront: try need(storefront, "storefront"))
    case "setOSVersion":
      return .setOSVersion(device: try need(device, "device"), version: try version(osVersion))
    case "setCanMakePayments":
      return .setCanMakePayments(
        customer: try need(customer, "customer"), allowed: try need(allowed, "allowed"))
    case "setEnvironment":
      let name = try need(environment, "environment")
      guard let environment = TokenEnvironment(rawValue: name) else {
        throw ControlError("environment must be production or sandbox, found '\(name)'", "environment")
      }
      return .setRules(.preset(environment))
    default:
      throw ControlError("unknown event type '\(type)'; one of \(Self.types.joined(separator: ", "))", "type")
    }
  }

  private func clockTarget(now: VirtualTime) throws(ControlError) -> VirtualTime {
    switch (to, by) {
    case (let to?, nil): return to.time
    case (nil, let by?):
      guard by >= 0 else { throw ControlError("by must not be negative", "by") }
      return now + by
    default: throw ControlError("advanceClock needs exactly one of to (a time) or by (milliseconds)", "to")
    }
  }

  private func version(_ text: String?) throws(ControlError) -> OSVersion {
    let text = try need(text, "osVersion")
    guard let version = OSVersion(text) else {
      throw ControlError("osVersion '\(text)' is not like 18.2", "osVersion")
    }
    return version
  }

  private func need<T>(_ value: T?, _ field: String) throws(ControlError) -> T {
    guard let value else { throw ControlError("\(type) needs \(field)", field) }
    return value
  }
}

/// A time in control JSON: UNIX milliseconds or ISO 8601 UTC text.
struct TimeValue: Decodable, Sendable {
  var time: VirtualTime

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let milliseconds = try? container.decode(Int64.self) {
      time = milliseconds
    } else if let parsed = ISOTime.parse(try container.decode(String.self)) {
      time = parsed
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "a time is UNIX milliseconds or ISO 8601 UTC like 2026-03-01T09:00:00Z")
    }
  }
}

/// A control request that cannot be carried out as written, with the member at fault.
struct ControlError: Error {
  var message: String
  var field: String?

  init(_ message: String, _ field: String?) {
    self.message = message
    self.field = field
  }
}
