import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

/// What one scenario line does. See docs/scenarios.md for the text form of each case.
public enum StatementKind: Hashable, Sendable {
  // Setup only: before the first step.
  /// Start from `DemoWorld` (its app, customers, devices, seed, start time and sandbox rules).
  case demo
  case seed(UInt64)
  case start(VirtualTime)
  case app(AppLine)
  case entitlement(EntitlementSetting)
  case plist(PlistSetting)
  /// `product ID TYPE ...`: one product of the App Store catalog.
  case product(Product)
  /// `commerce ...`: an App Store setting.
  case commerceSetting(CommerceSetting)

  // Allowed anywhere: in the setup they shape the initial world, later they are events.
  /// Replaces every rule with the environment's preset.
  case environment(TokenEnvironment)
  /// Changes one field of `LifecycleRules`.
  case rule(RuleSetting)
  case customer(id: String, canMakePayments: Bool)
  case device(DeviceLine)

  // Steps.
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
  case advance(ClockMove)
  /// An App Store purchase event.
  case commerce(CommerceStep)
  /// A line of expectations about the world or the previous step's answer.
  case expect

  /// Setup lines that may not follow a step.
  public var isSetupOnly: Bool {
    switch self {
    case .demo, .seed, .start, .app, .entitlement, .plist, .product, .commerceSetting: return true
    default: return false
    }
  }

  /// Lines that may appear both in the setup and among the steps.
  public var isAllowedAnywhere: Bool {
    switch self {
    case .environment, .rule, .customer, .device: return true
    default: return false
    }
  }

  /// Lines that end the setup: the first of them is the first step.
  public var isStepOnly: Bool { !isSetupOnly && !isAllowedAnywhere }

  /// The device a step acts on, if it names one.
  public var device: String? {
    switch self {
    case .install(let device), .update(let device, _), .redownload(let device), .uninstall(let device),
      .request(_, let device), .requestTyped(_, let device), .checkEligibility(let device),
      .noticeSheet(let device),
      .linkOut(let device, _),
      .setStorefront(let device, _), .setOS(let device, _),
      .commerce(.buy(_, let device, _, _, _)):
      return device
    default: return nil
    }
  }

  /// What kind of answer the step gives, which decides the expectations it can carry.
  public var answer: AnswerKind? {
    switch self {
    case .request, .requestTyped: return .tokenRequest
    case .checkEligibility: return .eligibility
    case .noticeSheet: return .noticeSheet
    case .linkOut: return .linkOut
    case .commerce, .advance: return .commerce
    default: return nil
    }
  }
}

/// The StoreKit calls whose answers expectations can examine.
public enum AnswerKind: String, Hashable, Sendable {
  case tokenRequest = "request"
  case eligibility = "check-eligibility"
  case noticeSheet = "notice-sheet"
  case linkOut = "link-out"
  /// The App Store notifications and transactions a commerce step or clock move produced.
  case commerce
}

/// `app BUNDLE [id N] [version V] [custom-link-regions LIST]`.
public struct AppLine: Hashable, Sendable {
  public var bundleId: String
  public var appAppleId: Int64?
  public var version: String?
  /// Shorthand for `entitlement external-purchase-link` plus `plist SKExternalPurchaseCustomLinkRegions LIST`.
  public var customLinkRegions: [String]?

  public init(
    bundleId: String, appAppleId: Int64? = nil, version: String? = nil, customLinkRegions: [String]? = nil
  ) {
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.version = version
    self.customLinkRegions = customLinkRegions
  }
}

/// `entitlement ...`: grants one of the StoreKit external purchase entitlements.
public enum EntitlementSetting: Hashable, Sendable {
  case externalPurchase
  case externalPurchaseLink
  case externalPurchaseLinkStreaming
  case allowedRegions([String])
}

/// `plist KEY ...`: sets one Info.plist key.
public enum PlistSetting: Hashable, Sendable {
  case externalPurchase([String])
  /// One country's URL; several lines add several countries.
  case link(country: String, url: String)
  case multiLink(country: String, urls: [String])
  case customLinkRegions([String])
  case streamingRegions([String])
}

/// One field of `LifecycleRules`.
public enum RuleSetting: Hashable, Sendable {
  /// Only the id environment (`SANDBOX_` prefix or not); the other rules stay.
  case environment(TokenEnvironment)
  case creation(PeriodCreation)
  case servicesRenewal(ServicesRenewal)
  /// One type's lifetime, or every type's when the type is nil (`lifetime all 1h`).
  case lifetime(CustomLinkTokenType?, VirtualDuration)
  case refresh(RefreshPolicy)
  case osGating(Bool)
  case eligibilityChecks(Bool)
  case typeRegionGating(Bool)
  case creationNeedsEligibility(Bool)
  /// `type-regions brazil on|off`: IN_APP and LINK_OUT in Brazil too, or Japan alone.
  case perTransactionInBrazil(Bool)
  case sheetAndLinkNeedPayments(Bool)
  case stringFormAnswers(Bool)
  case typedTokenType(TypedTokenRequest, CustomLinkTokenType)
}

/// `device NAME PLATFORM VERSION storefront CC [customer C]`.
public struct DeviceLine: Hashable, Sendable {
  public var id: String
  public var platform: Platform
  public var osVersion: OSVersion
  public var storefront: String
  /// Nil: the part of the name before the first dot.
  public var customer: String?

  public init(
    id: String, platform: Platform, osVersion: OSVersion, storefront: String, customer: String? = nil
  ) {
    self.id = id
    self.platform = platform
    self.osVersion = osVersion
    self.storefront = storefront
    self.customer = customer
  }

  /// The customer the device belongs to: the one named, or the name's part before the first dot.
  public var customerId: String? {
    if let customer { return customer }
    guard let dot = id.firstIndex(of: ".") else { return nil }
    return String(id[..<dot])
  }
}

/// Where `advance` moves the clock.
public enum ClockMove: Hashable, Sendable {
  /// `advance 1h`
  case by(VirtualDuration)
  /// `advance to 2026-03-01T10:00:00Z`
  case to(VirtualTime)
  /// `advance to next expiry [minus|plus D]`
  case nextExpiry(offset: VirtualDuration)
  /// `advance to expiry of TYPE [of C] [minus|plus D]`; a nil customer is the last device's customer.
  case expiryOf(type: CustomLinkTokenType, customer: String?, offset: VirtualDuration)
  /// `advance to next renewal|retry [of C] [minus|plus D]`, `advance to grace end ...`; nil: any customer.
  case commerce(CommerceDueKind, customer: String?, offset: VirtualDuration)
}
