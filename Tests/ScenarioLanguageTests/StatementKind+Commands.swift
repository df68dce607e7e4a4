import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld

/// The tests' shorthand for command lines: `.install(device: "a.b")` for
/// `.command(.install(device: "a.b"))`, so the expected parses read like the scenario lines.
extension StatementKind {
  static func environment(_ environment: TokenEnvironment) -> Self { .command(.environment(environment)) }
  static func rule(_ setting: RuleSetting) -> Self { .command(.rule(setting)) }
  static func customer(id: String, canMakePayments: Bool) -> Self {
    .command(.customer(id: id, canMakePayments: canMakePayments))
  }
  static func device(_ line: DeviceLine) -> Self { .command(.device(line)) }
  static func install(device: String) -> Self { .command(.install(device: device)) }
  static func update(device: String, version: String?) -> Self {
    .command(.update(device: device, version: version))
  }
  static func redownload(device: String) -> Self { .command(.redownload(device: device)) }
  static func uninstall(device: String) -> Self { .command(.uninstall(device: device)) }
  static func request(type: CustomLinkTokenType, device: String) -> Self {
    .command(.request(type: type, device: device))
  }
  static func requestTyped(_ request: TypedTokenRequest, device: String) -> Self {
    .command(.requestTyped(request, device: device))
  }
  static func checkEligibility(device: String) -> Self { .command(.checkEligibility(device: device)) }
  static func noticeSheet(device: String) -> Self { .command(.noticeSheet(device: device)) }
  static func linkOut(device: String, url: String?) -> Self { .command(.linkOut(device: device, url: url)) }
  static var forceRefresh: Self { .command(.forceRefresh) }
  static func setStorefront(device: String, storefront: String) -> Self {
    .command(.setStorefront(device: device, storefront: storefront))
  }
  static func setOS(device: String, version: OSVersion) -> Self {
    .command(.setOS(device: device, version: version))
  }
  static func setPayments(customer: String, allowed: Bool) -> Self {
    .command(.setPayments(customer: customer, allowed: allowed))
  }
  static func advance(_ move: ClockMove) -> Self { .command(.advance(move)) }
  static func commerce(_ step: CommerceStep) -> Self { .command(.commerce(step)) }
}
