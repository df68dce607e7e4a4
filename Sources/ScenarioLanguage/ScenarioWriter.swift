import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Writes a scenario as canonical `.epsim` text, so the terminal UI can save what it recorded.
///
/// The output parses back to an equal scenario (`parse(write(x)) == x`) whenever `x` is valid:
/// names declared before use, setup lines before steps.
public enum ScenarioWriter {
  /// The whole file: one statement a line, inline expectations after two spaces.
  public static func write(_ scenario: Scenario) -> String {
    scenario.statements.map(line).joined(separator: "\n") + (scenario.statements.isEmpty ? "" : "\n")
  }

  /// One statement and its expectations.
  public static func line(_ statement: Statement) -> String {
    let text = self.statement(statement.kind)
    guard !statement.expectations.isEmpty else { return text }
    let claims = statement.expectations.map { expectation($0.kind) }.joined(separator: " and ")
    if case .expect = statement.kind { return "expect " + claims }
    return text + "  expect " + claims
  }

  /// A statement without its expectations.
  public static func statement(_ kind: StatementKind) -> String {
    switch kind {
    case .demo: return "demo"
    case .seed(let seed): return "seed \(seed)"
    case .start(let time): return "start \(ISOTime.string(time))"
    case .app(let app): return appLine(app)
    case .entitlement(let setting): return "entitlement " + entitlement(setting)
    case .plist(let setting): return "plist " + plist(setting)
    case .command(let command): return self.command(command)
    case .product(let product): return productLine(product)
    case .commerceSetting(let setting): return "commerce " + commerceSetting(setting)
    case .storekit(let file): return "storekit " + file.path
    case .expect: return "expect"
    }
  }

  /// One command as its scenario line, which `ScenarioParser` reads back to the same command.
  public static func command(_ command: WorldCommand) -> String {
    switch command {
    case .environment(let environment): return "environment \(environment.rawValue)"
    case .rule(let setting): return rule(setting)
    case .customer(let id, let canPay): return "customer \(id)" + (canPay ? "" : " cannot-pay")
    case .device(let device):
      return
        "device \(device.id) \(device.platform.rawValue) \(device.osVersion) storefront \(device.storefront)"
        + (device.customer.map { " customer \($0)" } ?? "")
    case .install(let device): return "install \(device)"
    case .update(let device, let version): return "update \(device)" + (version.map { " to \($0)" } ?? "")
    case .redownload(let device): return "redownload \(device)"
    case .uninstall(let device): return "uninstall \(device)"
    case .request(let type, let device): return "request \(type.rawValue) on \(device)"
    case .requestTyped(let request, let device): return "request \(request.rawValue) on \(device)"
    case .checkEligibility(let device): return "check-eligibility on \(device)"
    case .noticeSheet(let device): return "notice-sheet on \(device)"
    case .linkOut(let device, let url): return "link-out on \(device)" + (url.map { " url \($0)" } ?? "")
    case .forceRefresh: return "force-refresh"
    case .setStorefront(let device, let storefront): return "storefront \(device) \(storefront)"
    case .setOS(let device, let version): return "os \(device) \(version)"
    case .setPayments(let customer, let allowed): return "payments \(customer) \(allowed ? "on" : "off")"
    case .advance(let move): return "advance " + clockMove(move)
    case .commerce(let step): return commerceStep(step)
    }
  }

  static func appLine(_ app: AppLine) -> String {
    var text = "app \(app.bundleId)"
    if let id = app.appAppleId { text += " id \(id)" }
    if let version = app.version { text += " version \(version)" }
    if let regions = app.customLinkRegions { text += " custom-link-regions " + list(regions) }
    return text
  }

  static func entitlement(_ setting: EntitlementSetting) -> String {
    switch setting {
    case .externalPurchase: return "external-purchase"
    case .externalPurchaseLink: return "external-purchase-link"
    case .externalPurchaseLinkStreaming: return "external-purchase-link-streaming"
    case .allowedRegions(let regions): return "allowed-regions " + list(regions)
    }
  }

  static func plist(_ setting: PlistSetting) -> String {
    switch setting {
    case .externalPurchase(let countries): return "SKExternalPurchase " + list(countries)
    case .link(let country, let url): return "SKExternalPurchaseLink \(country) \(url)"
    case .multiLink(let country, let urls):
      return "SKExternalPurchaseMultiLink \(country) " + urls.joined(separator: " ")
    case .customLinkRegions(let countries): return "SKExternalPurchaseCustomLinkRegions " + list(countries)
    case .streamingRegions(let countries): return "SKExternalPurchaseLinkStreamingRegions " + list(countries)
    }
  }

  static func rule(_ setting: RuleSetting) -> String {
    switch setting {
    case .environment(let environment): return "rules environment \(environment.rawValue)"
    case .creation(let creation): return "rules creation \(creation.rawValue)"
    case .servicesRenewal(let renewal): return "rules services-renewal \(renewal.rawValue)"
    case .lifetime(let type, let duration):
      return "lifetime \(type?.rawValue ?? "all") \(DurationText.format(duration))"
    case .refresh(let policy): return "refresh \(policy)"
    case .osGating(let on): return "os-gating " + onOff(on)
    case .eligibilityChecks(let on): return "eligibility " + onOff(on)
    case .typeRegionGating(let on): return "type-regions " + onOff(on)
    case .creationNeedsEligibility(let on): return "creation-needs-eligibility " + onOff(on)
    case .perTransactionInBrazil(let on): return "type-regions brazil " + onOff(on)
    case .sheetAndLinkNeedPayments(let on): return "sheet-and-link-payments " + onOff(on)
    case .stringFormAnswers(let on): return "string-form " + onOff(on)
    case .typedTokenType(let request, let type):
      return "typed-token-type \(request.rawValue) \(type.rawValue)"
    }
  }

  static func clockMove(_ move: ClockMove) -> String {
    switch move {
    case .by(let duration): return DurationText.format(duration)
    case .to(let time): return "to \(ISOTime.string(time))"
    case .nextExpiry(let offset): return "to next expiry" + self.offset(offset)
    case .nextMoment(let offset): return "to next moment" + self.offset(offset)
    case .expiryOf(let type, let customer, let offset):
      return "to expiry of \(type.rawValue)" + (customer.map { " of \($0)" } ?? "") + self.offset(offset)
    case .commerce(let kind, let customer, let offset):
      let target = kind == .graceEnd ? "grace end" : kind == .retry ? "next retry" : "next renewal"
      return "to \(target)" + (customer.map { " of \($0)" } ?? "") + self.offset(offset)
    }
  }

  static func offset(_ offset: VirtualDuration) -> String {
    if offset == 0 { return "" }
    return offset < 0 ? " minus \(DurationText.format(-offset))" : " plus \(DurationText.format(offset))"
  }

  /// One expectation, without `expect`.
  public static func expectation(_ kind: ExpectationKind) -> String {
    switch kind {
    case .token: return "token"
    case .nothing: return "nothing"
    case .eligible: return "eligible"
    case .notEligible(let reason): return "not eligible" + (reason.map { " reason \($0)" } ?? "")
    case .newPeriod: return "new period"
    case .samePeriod: return "same period"
    case .sameId: return "same id"
    case .refreshedId: return "refreshed id"
    case .field(let field, let value): return "field \(field.name) = " + fieldValue(value, of: field)
    case .url(let url): return "url = \(url)"
    case .environment(let environment): return "environment \(environment.rawValue)"
    case .state(let type, let state, let customer):
      return "\(type.rawValue) \(state.rawValue)" + scope(customer)
    case .periodCount(let type, let count, let customer):
      return "periods" + (type.map { " \($0.rawValue)" } ?? "") + " = \(count)" + scope(customer)
    case .tokenCount(let type, let count, let customer):
      return "tokens" + (type.map { " \($0.rawValue)" } ?? "") + " = \(count)" + scope(customer)
    case .now(let time): return "now = \(ISOTime.string(time))"
    default: return commerceExpectation(kind)
    }
  }

  static func fieldValue(_ value: FieldValue, of field: TokenField) -> String {
    switch value {
    case .absent: return "none"
    case .integer(let number): return field.isDate ? ISOTime.string(number) : String(number)
    case .text(let text): return text
    }
  }

  static func scope(_ scope: CustomerScope) -> String {
    switch scope {
    case .lastUsed: return ""
    case .named(let customer): return " for \(customer)"
    case .everyone: return " for all"
    }
  }

  static func list(_ codes: [String]) -> String { codes.joined(separator: ",") }
  static func onOff(_ on: Bool) -> String { on ? "on" : "off" }
}
