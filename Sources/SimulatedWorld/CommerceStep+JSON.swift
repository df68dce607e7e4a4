import AppStoreCommerce
import AppleWireTypes
import CommerceSimulation
import LifecycleSimulator

extension CommerceStep {
  /// The step as control API members, under its case name.
  var fields: CommandFields {
    var fields: CommandFields
    switch self {
    case .buy(let product, let device, let quantity, let offer, let token, let allowIntroductoryOffer):
      fields = CommandFields(type: "buy")
      fields.allowIntroductoryOffer = allowIntroductoryOffer
      fields.product = product
      fields.device = device
      fields.quantity = quantity
      fields.offer = offer
      fields.appAccountToken = token
    case .autoRenew(let customer, let group, let enabled):
      fields = Self.of("autoRenew", customer)
      fields.group = group
      fields.enabled = enabled
    case .change(let customer, let product):
      fields = Self.of("change", customer)
      fields.product = product
    case .billing(let customer, let fails):
      fields = Self.of("billing", customer)
      fields.fails = fails
    case .refund(let product, let customer, let reason):
      fields = Self.of("refund", customer, product)
      fields.reason = reason == .appIssue ? "app-issue" : "other"
    case .partialRefund(let product, let customer, let reason, let milliunits):
      fields = Self.of("refund", customer, product)
      fields.reason = reason == .appIssue ? "app-issue" : "other"
      fields.percent = Double(milliunits) / 1000
    case .joinFamily(let customer, let family):
      fields = Self.of("joinFamily", customer)
      fields.family = family
    case .consume(let product, let customer, let quantity):
      fields = Self.of("consume", customer, product)
      fields.quantity = quantity
    case .leaveFamily(let customer): fields = Self.of("leaveFamily", customer)
    case .requestRefund(let product, let customer, let reason):
      fields = Self.of("requestRefund", customer, product)
      fields.reason = reason.rawValue
    case .declineRefund(let product, let customer): fields = Self.of("declineRefund", customer, product)
    case .reverseRefund(let product, let customer): fields = Self.of("reverseRefund", customer, product)
    case .setPrice(let product, let storefront, let milliunits, let needsConsent):
      fields = CommandFields(type: "setPrice")
      fields.product = product
      fields.storefront = storefront
      fields.price = milliunits
      fields.needsConsent = needsConsent
    case .consentToPriceIncrease(let customer, let group):
      fields = Self.of("consentToPriceIncrease", customer)
      fields.group = group
    case .sale(let product, let forSale):
      fields = CommandFields(type: "sale")
      fields.product = product
      fields.forSale = forSale
    case .clearHistory(let customer): fields = Self.of("clearHistory", customer)
    case .rescindConsent(let customer): fields = Self.of("rescindConsent", customer)
    case .setting(.gracePeriod(let duration)):
      fields = CommandFields(type: "gracePeriod")
      fields.value = CommerceSetting.gracePeriodName(duration)
    case .setting(.renewalRate(let customer, let rate)):
      fields = Self.of("renewalRate", customer)
      fields.value = rate.rawValue
    case .setting(.failingRenewals(let customer)): fields = Self.of("failingRenewals", customer)
    case .setting(.changeRenews(let on)):
      fields = CommandFields(type: "changeRenews")
      fields.enabled = on
    case .setting(.defaultRenewalRate(let rate)):
      fields = CommandFields(type: "defaultRenewalRate")
      fields.value = rate.rawValue
    case .setting(.defaultFailingRenewals(let on)):
      fields = CommandFields(type: "defaultFailingRenewals")
      fields.enabled = on
    }
    return fields
  }

  private static func of(_ type: String, _ customer: String, _ product: String? = nil) -> CommandFields {
    var fields = CommandFields(type: type)
    fields.customer = customer
    fields.product = product
    return fields
  }
}

extension FieldReader {
  /// A purchase step, under `CommerceStep`'s case names.
  func purchaseStep() throws(CommandFieldError) -> CommerceStep {
    switch fields.type {
    case "buy":
      return .buy(
        product: try need(fields.product, "product"), device: try need(fields.device, "device"),
        quantity: fields.quantity ?? 1, offer: fields.offer, accountToken: fields.appAccountToken,
        allowIntroductoryOffer: fields.allowIntroductoryOffer)
    case "autoRenew":
      return .autoRenew(
        customer: try need(fields.customer, "customer"), group: try need(fields.group, "group"),
        enabled: try need(fields.enabled, "enabled"))
    case "change":
      return .change(
        customer: try need(fields.customer, "customer"), product: try need(fields.product, "product"))
    case "billing":
      return .billing(customer: try need(fields.customer, "customer"), fails: try need(fields.fails, "fails"))
    case "refund":
      let why: RevocationReason
      switch fields.reason ?? "other" {
      case "other": why = .other
      case "app-issue": why = .appIssue
      default:
        throw CommandFieldError("reason must be other or app-issue, found '\(fields.reason ?? "")'", "reason")
      }
      let product = try need(fields.product, "product")
      let customer = try need(fields.customer, "customer")
      let share = try refundedShare()
      return share == 100_000
        ? .refund(product: product, customer: customer, reason: why)
        : .partialRefund(product: product, customer: customer, reason: why, milliunits: share)
    case "requestRefund":
      let reason: ConsumptionRequestReason = try named(
        fields.reason ?? ConsumptionRequestReason.other.rawValue, "reason")
      return .requestRefund(
        product: try need(fields.product, "product"), customer: try need(fields.customer, "customer"),
        reason: reason)
    case "reverseRefund":
      return .reverseRefund(
        product: try need(fields.product, "product"), customer: try need(fields.customer, "customer"))
    case "declineRefund":
      return .declineRefund(
        product: try need(fields.product, "product"), customer: try need(fields.customer, "customer"))
    case "joinFamily":
      return .joinFamily(
        customer: try need(fields.customer, "customer"), family: try need(fields.family, "family"))
    case "leaveFamily": return .leaveFamily(customer: try need(fields.customer, "customer"))
    case "consume":
      return .consume(
        product: try need(fields.product, "product"), customer: try need(fields.customer, "customer"),
        quantity: fields.quantity ?? 1)
    case "setPrice":
      return .setPrice(
        product: try need(fields.product, "product"), storefront: try need(fields.storefront, "storefront"),
        milliunits: try need(fields.price, "price"), needsConsent: fields.needsConsent ?? false)
    case "consentToPriceIncrease":
      return .consentToPriceIncrease(
        customer: try need(fields.customer, "customer"), group: try need(fields.group, "group"))
    case "sale":
      return .sale(product: try need(fields.product, "product"), forSale: try need(fields.forSale, "forSale"))
    case "rescindConsent": return .rescindConsent(customer: try need(fields.customer, "customer"))
    case "gracePeriod", "renewalRate", "failingRenewals", "changeRenews", "defaultRenewalRate",
      "defaultFailingRenewals":
      return .setting(try setting())
    default: return .clearHistory(customer: try need(fields.customer, "customer"))
    }
  }

  /// An App Store setting, as the scenario's `commerce` lines name its values: `gracePeriod` with
  /// `value` `3d`, `16d`, `28d` or `off`; `renewalRate` with `customer` and `value` (`5m`, ...);
  /// `failingRenewals` with `customer`; `changeRenews` with `enabled`; `defaultRenewalRate` with
  /// `value`; `defaultFailingRenewals` with `enabled`.
  private func setting() throws(CommandFieldError) -> CommerceSetting {
    switch fields.type {
    case "gracePeriod":
      let text = try need(fields.value, "value")
      let durations = [nil] + GracePeriodDuration.allCases.map { Optional($0) }
      guard let duration = durations.first(where: { CommerceSetting.gracePeriodName($0) == text }) else {
        let names = durations.map(CommerceSetting.gracePeriodName).joined(separator: ", ")
        throw CommandFieldError("value must be one of \(names), found '\(text)'", "value")
      }
      return .gracePeriod(duration)
    case "renewalRate":
      return .renewalRate(customer: try need(fields.customer, "customer"), try renewalRate())
    case "defaultRenewalRate": return .defaultRenewalRate(try renewalRate())
    case "defaultFailingRenewals": return .defaultFailingRenewals(try need(fields.enabled, "enabled"))
    case "failingRenewals": return .failingRenewals(customer: try need(fields.customer, "customer"))
    default: return .changeRenews(try need(fields.enabled, "enabled"))
    }
  }

  /// A sandbox renewal rate by its scenario name (`5m`, `1h`, `real`, ...), in `value`.
  private func renewalRate() throws(CommandFieldError) -> SandboxRenewalRate {
    try named(fields.value, "value")
  }

  /// `percent` in thousandths of a percent, as Apple's `revocationPercentage` counts (50000 for
  /// 50), the scenario line `refund ... percent P` reads it: at most three decimals; its range is
  /// `StepLimits.refundShare`'s, checked with the command's other numbers.
  private func refundedShare() throws(CommandFieldError) -> Int {
    guard let percent = fields.percent else { return 100_000 }
    let thousandths = (percent * 1000).rounded()
    guard thousandths.isFinite, abs(thousandths) < 1e15, abs(percent * 1000 - thousandths) < 1e-6 else {
      throw CommandFieldError(
        "percent: expected \(StepLimits.refundShare.expected) with at most three decimals, found \(percent)",
        "percent")
    }
    return Int(thousandths)
  }
}
