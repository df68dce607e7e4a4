import ExternalPurchaseTokens
import LifecycleSimulator

/// Which external purchase APIs work on a device, as the app learns from its eligibility checks.
///
/// It depends only on the device, the account and the app's configuration, so the runner asks the
/// engine once per device and again only when the storefront changes.
struct DeviceOffers: Hashable, Sendable {
  var acquisition: Bool
  var services: Bool
  /// IN_APP and LINK_OUT: they share their OS and region rules.
  var perTransaction: Bool
  /// The device runs 27.2 or later: the app asks for per-transaction tokens with the typed
  /// `token(for: .withinApp / .outOfApp)` rather than the String form (SPEC 5).
  var typed: Bool
  /// The older APIs, asked only when a purchase falls back to them: most devices never do, and
  /// asking cost as much as the custom link rules (issue 26).
  var legacy: LegacyOffers?

  /// The offers of `world.devices[index]`. Given the index rather than the device: passing the
  /// world and one of its devices side by side made a copy of the whole world (issue 26).
  init(deviceAt index: Int, in world: inout WorldState) {
    // All four custom link types in one question: asked one at a time, the program rules were
    // checked four times and each refusal built its reason. The engine notes the answer, and the
    // device's token requests find it there (issue 26).
    let offered = world.customLinkTypesOffered(deviceAt: index)
    let device = world.devices[index]
    acquisition = offered.offers(.acquisition)
    services = offered.offers(.services)
    typed = world.prefersTypedRequest(on: device)
    perTransaction =
      typed
      ? world.typedRequestIneligibility(on: device, request: .withinApp) == nil : offered.offers(.inApp)
  }

  /// The request an app on this device makes for a per-transaction token of `type`.
  func perTransactionRequest(_ type: CustomLinkTokenType, device: String) -> WorldEvent {
    guard typed else { return .requestToken(device: device, type: type) }
    return .requestTypedToken(device: device, request: type == .linkOut ? .outOfApp : .withinApp)
  }

  func offers(_ type: CustomLinkTokenType) -> Bool {
    switch type {
    case .acquisition: return acquisition
    case .services: return services
    case .inApp, .linkOut: return perTransaction
    }
  }
}

/// Which of the older APIs, link-out and the notice sheet, work on a device.
struct LegacyOffers: Hashable, Sendable {
  var linkOut: Bool
  var noticeSheet: Bool

  init(deviceAt index: Int, in world: borrowing WorldState) {
    let device = world.devices[index]
    linkOut = world.linkOutIneligibility(on: device, withURL: false) == nil
    noticeSheet = world.noticeSheetIneligibility(on: device) == nil
  }
}
