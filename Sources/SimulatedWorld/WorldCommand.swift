import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

/// One step that changes a world: a token event, a world edit, a rule, a clock move or a
/// purchase. Every door builds this one type: a scenario line (`ScenarioParser`, written back by
/// `ScenarioWriter`), a control API request (`WorldCommand+JSON`), and the terminal UI's keys and
/// forms; its numbers are held to `StepLimits` by `checkLimits()`, and `worldEvents(in:)` turns
/// it into the engine's events in one way for all of them.
public enum WorldCommand: Hashable, Sendable {
  // World edits, allowed in a scenario's setup too.
  /// Replaces every rule with the environment's preset.
  case environment(TokenEnvironment)
  /// Changes one field of `LifecycleRules`.
  case rule(RuleSetting)
  case customer(id: String, canMakePayments: Bool)
  case device(DeviceLine)

  // The app on a device, and its StoreKit calls (SPEC 3, 4).
  case install(device: String)
  case update(device: String, version: String?)
  case redownload(device: String)
  case uninstall(device: String)
  case request(type: CustomLinkTokenType, device: String)
  /// `request withinApp|outOfApp on DEVICE`: the typed request of 27.2 (SPEC 5).
  case requestTyped(TypedTokenRequest, device: String)
  case checkEligibility(device: String)
  case noticeSheet(device: String)
  case linkOut(device: String, url: String?)
  case forceRefresh
  case setStorefront(device: String, storefront: String)
  case setOS(device: String, version: OSVersion)
  case setPayments(customer: String, allowed: Bool)

  /// A move of the virtual clock.
  case advance(ClockMove)
  /// An App Store purchase step.
  case commerce(CommerceStep)

  /// The device the command acts on, if it names one.
  public var device: String? {
    switch self {
    case .install(let device), .update(let device, _), .redownload(let device), .uninstall(let device),
      .request(_, let device), .requestTyped(_, let device), .checkEligibility(let device),
      .noticeSheet(let device), .linkOut(let device, _), .setStorefront(let device, _), .setOS(let device, _),
      .commerce(.buy(_, let device, _, _, _, _)):
      return device
    default: return nil
    }
  }
}
