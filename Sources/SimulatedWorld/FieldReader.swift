import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseAvailability
import ExternalPurchaseTokens
import LifecycleSimulator

/// Reads a `WorldCommand` out of the control API's flat JSON members, saying which member is
/// missing or wrong.
struct FieldReader {
  var fields: CommandFields

  func command() throws(CommandFieldError) -> WorldCommand {
    switch fields.type {
    case "install": return .install(device: try need(fields.device, "device"))
    case "update": return .update(device: try need(fields.device, "device"), version: fields.version)
    case "redownload": return .redownload(device: try need(fields.device, "device"))
    case "uninstall": return .uninstall(device: try need(fields.device, "device"))
    case "requestToken":
      return .request(
        type: try tokenType(need(fields.tokenType, "tokenType")), device: try need(fields.device, "device"))
    case "requestTypedToken":
      return .requestTyped(try typedRequest(), device: try need(fields.device, "device"))
    case "checkEligibility": return .checkEligibility(device: try need(fields.device, "device"))
    case "presentNoticeSheet": return .noticeSheet(device: try need(fields.device, "device"))
    case "openLinkOut": return .linkOut(device: try need(fields.device, "device"), url: fields.url)
    case "forceRefresh": return .forceRefresh
    case "advanceClock": return .advance(try clockMove())
    case "addCustomer":
      return .customer(id: try need(fields.id, "id"), canMakePayments: fields.canMakePayments ?? true)
    case "addDevice":
      return .device(
        DeviceLine(
          id: try need(fields.id, "id"), platform: try platform(), osVersion: try version(fields.osVersion),
          storefront: try need(fields.storefront, "storefront"), customer: fields.customer))
    case "setStorefront":
      return .setStorefront(
        device: try need(fields.device, "device"), storefront: try need(fields.storefront, "storefront"))
    case "setOSVersion":
      return .setOS(device: try need(fields.device, "device"), version: try version(fields.osVersion))
    case "setCanMakePayments":
      return .setPayments(
        customer: try need(fields.customer, "customer"), allowed: try need(fields.allowed, "allowed"))
    case "setEnvironment": return .environment(try environment())
    case "setRule": return .rule(try ruleSetting())
    case _ where WorldCommand.purchaseJSONTypes.contains(fields.type): return .commerce(try purchaseStep())
    default:
      throw CommandFieldError(
        "unknown event type '\(fields.type)'; one of \(WorldCommand.jsonTypes.joined(separator: ", "))",
        "type")
    }
  }

  /// `advanceClock`: exactly one of `by`, `to`, `toNext` and `toExpiryOf`.
  private func clockMove() throws(CommandFieldError) -> ClockMove {
    let given = [fields.by != nil, fields.to != nil, fields.toNext != nil, fields.toExpiryOf != nil]
    guard given.filter({ $0 }).count == 1 else {
      throw CommandFieldError(
        "advanceClock needs exactly one of to (a time), by (milliseconds), toNext (expiry, renewal, retry or "
          + "graceEnd) or toExpiryOf (a token type)", "to")
    }
    if let by = fields.by { return .by(by) }
    if let to = fields.to { return .to(to.time) }
    let offset = fields.offset ?? 0
    if let type = fields.toExpiryOf {
      return .expiryOf(
        type: try tokenType(type, field: "toExpiryOf"), customer: fields.customer, offset: offset)
    }
    let next = fields.toNext ?? ""
    if next == ClockMove.nextMomentName {
      guard fields.customer == nil else {
        throw CommandFieldError(
          "toNext moment is the next moment of anyone's tokens or subscriptions; name a kind for one customer's",
          "customer")
      }
      return .nextMoment(offset: offset)
    }
    guard let match = ClockMove.nextNames.first(where: { $0.name == next }) else {
      let names = (ClockMove.nextNames.map(\.name) + [ClockMove.nextMomentName]).joined(separator: ", ")
      throw CommandFieldError("toNext must be one of \(names), found '\(next)'", "toNext")
    }
    guard let kind = match.kind else {
      guard fields.customer == nil else {
        throw CommandFieldError(
          "toNext expiry is the next expiry of anyone's token; use toExpiryOf for one customer's", "customer")
      }
      return .nextExpiry(offset: offset)
    }
    return .commerce(kind, customer: fields.customer, offset: offset)
  }

  func tokenType(_ name: String, field: String = "tokenType") throws(CommandFieldError) -> CustomLinkTokenType
  {
    try named(name, field, allowed: "ACQUISITION, SERVICES, IN_APP or LINK_OUT")
  }

  func typedRequest() throws(CommandFieldError) -> TypedTokenRequest {
    try named(fields.request, "request", allowed: "withinApp or outOfApp")
  }

  private func platform() throws(CommandFieldError) -> Platform {
    let name = try need(fields.platform, "platform")
    guard let platform = Platform(name: name) else {
      throw CommandFieldError("unknown platform '\(name)'", "platform")
    }
    return platform
  }

  func environment() throws(CommandFieldError) -> TokenEnvironment {
    try named(fields.environment, "environment", allowed: "production or sandbox")
  }

  /// The required `field` as the `T` its text is the raw value of; the error says what is
  /// `allowed`, by default "one of" every raw value.
  func named<T: RawRepresentable & CaseIterable>(
    _ text: String?, _ field: String, allowed: String? = nil
  ) throws(CommandFieldError) -> T where T.RawValue == String {
    let name = try need(text, field)
    guard let value = T(rawValue: name) else {
      let allowed = allowed ?? "one of " + T.allCases.map(\.rawValue).joined(separator: ", ")
      throw CommandFieldError("\(field) must be \(allowed), found '\(name)'", field)
    }
    return value
  }

  private func version(_ text: String?) throws(CommandFieldError) -> OSVersion {
    let text = try need(text, "osVersion")
    guard let version = OSVersion(text) else {
      throw CommandFieldError("osVersion '\(text)' is not like 18.2", "osVersion")
    }
    return version
  }

  func need<T>(_ value: T?, _ field: String) throws(CommandFieldError) -> T {
    guard let value else { throw CommandFieldError("\(fields.type) needs \(field)", field) }
    return value
  }
}
