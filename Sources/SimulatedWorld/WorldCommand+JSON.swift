import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseAvailability
import ExternalPurchaseTokens
import LifecycleSimulator

extension WorldCommand {
  /// Every `type` the control API takes, world commands first, then purchase steps.
  public static let jsonTypes =
    [
      "install", "update", "redownload", "uninstall", "requestToken", "requestTypedToken", "checkEligibility",
      "presentNoticeSheet", "openLinkOut", "forceRefresh", "advanceClock", "addCustomer", "addDevice",
      "setStorefront", "setOSVersion", "setCanMakePayments", "setEnvironment", "setRule",
    ] + purchaseJSONTypes

  /// The `type`s of purchase steps, under `CommerceStep`'s case names.
  public static let purchaseJSONTypes = [
    "buy", "autoRenew", "change", "billing", "refund", "requestRefund", "declineRefund", "reverseRefund",
    "joinFamily",
    "leaveFamily", "consume", "setPrice", "consentToPriceIncrease", "sale", "clearHistory",
    "rescindConsent", "gracePeriod", "renewalRate", "failingRenewals", "changeRenews", "defaultRenewalRate",
    "defaultFailingRenewals",
  ]

  /// The command a control request's JSON gives, or which member is missing or wrong. Its numbers
  /// are held to `StepLimits`, as the scenario parser and the UI's forms hold theirs.
  public init(fields: CommandFields) throws(CommandFieldError) {
    let reader = FieldReader(fields: fields)
    self = try reader.command()
    do { try checkLimits() } catch { throw CommandFieldError(error.message, error.field) }
  }

  /// The command as the control API's JSON: `WorldCommand(fields:)` reads it back to this command.
  public var fields: CommandFields {
    var fields: CommandFields
    switch self {
    case .environment(let environment):
      fields = CommandFields(type: "setEnvironment")
      fields.environment = environment.rawValue
    case .rule(let setting): fields = setting.fields
    case .customer(let id, let canPay):
      fields = CommandFields(type: "addCustomer")
      fields.id = id
      fields.canMakePayments = canPay
    case .device(let line):
      fields = CommandFields(type: "addDevice")
      fields.id = line.id
      fields.platform = line.platform.rawValue
      fields.osVersion = line.osVersion.description
      fields.storefront = line.storefront
      fields.customer = line.customer
    case .install(let device): fields = Self.onDevice("install", device)
    case .update(let device, let version):
      fields = Self.onDevice("update", device)
      fields.version = version
    case .redownload(let device): fields = Self.onDevice("redownload", device)
    case .uninstall(let device): fields = Self.onDevice("uninstall", device)
    case .request(let type, let device):
      fields = Self.onDevice("requestToken", device)
      fields.tokenType = type.rawValue
    case .requestTyped(let request, let device):
      fields = Self.onDevice("requestTypedToken", device)
      fields.request = request.rawValue
    case .checkEligibility(let device): fields = Self.onDevice("checkEligibility", device)
    case .noticeSheet(let device): fields = Self.onDevice("presentNoticeSheet", device)
    case .linkOut(let device, let url):
      fields = Self.onDevice("openLinkOut", device)
      fields.url = url
    case .forceRefresh: fields = CommandFields(type: "forceRefresh")
    case .setStorefront(let device, let storefront):
      fields = Self.onDevice("setStorefront", device)
      fields.storefront = storefront
    case .setOS(let device, let version):
      fields = Self.onDevice("setOSVersion", device)
      fields.osVersion = version.description
    case .setPayments(let customer, let allowed):
      fields = CommandFields(type: "setCanMakePayments")
      fields.customer = customer
      fields.allowed = allowed
    case .advance(let move): fields = move.fields
    case .commerce(let step): fields = step.fields
    }
    return fields
  }

  private static func onDevice(_ type: String, _ device: String) -> CommandFields {
    var fields = CommandFields(type: type)
    fields.device = device
    return fields
  }
}

extension ClockMove {
  /// Names of `toNext` in JSON, by the App Store moment they stand for (nil: a token expiry).
  static let nextNames: [(name: String, kind: CommerceDueKind?)] = [
    ("expiry", nil), ("renewal", .renewal), ("retry", .retry), ("graceEnd", .graceEnd),
  ]
  /// `toNext: moment`, the nearer of a token expiry and an App Store moment (`nextMoment`).
  static let nextMomentName = "moment"

  /// The move as `advanceClock` members.
  var fields: CommandFields {
    var fields = CommandFields(type: "advanceClock")
    switch self {
    case .by(let duration): fields.by = duration
    case .to(let time): fields.to = CommandTime(time)
    case .nextExpiry(let offset):
      fields.toNext = "expiry"
      fields.offset = offset
    case .nextMoment(let offset):
      fields.toNext = Self.nextMomentName
      fields.offset = offset
    case .expiryOf(let type, let customer, let offset):
      fields.toExpiryOf = type.rawValue
      fields.customer = customer
      fields.offset = offset
    case .commerce(let kind, let customer, let offset):
      fields.toNext = Self.nextNames.first { $0.kind == kind }?.name
      fields.customer = customer
      fields.offset = offset
    }
    return fields
  }
}
