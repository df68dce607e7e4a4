import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// What one scenario line does. See docs/scenarios.md for the text form of each case.
///
/// A line that changes the world is a `WorldCommand`, the type every door builds; the other
/// cases are the setup lines that build the initial world and `expect` lines.
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
  /// `storekit PATH`: products and settings from an Xcode `.storekit` file.
  case storekit(StoreKitImport)

  /// A step, or a world edit (`environment`, `rules`/`lifetime`/..., `customer`, `device`),
  /// which is also allowed in the setup, where it shapes the initial world.
  case command(WorldCommand)
  /// A line of expectations about the world or the previous step's answer.
  case expect

  /// Setup lines that may not follow a step.
  public var isSetupOnly: Bool {
    switch self {
    case .demo, .seed, .start, .app, .entitlement, .plist, .product, .commerceSetting, .storekit: return true
    default: return false
    }
  }

  /// Lines that may appear both in the setup and among the steps.
  public var isAllowedAnywhere: Bool {
    switch self {
    case .command(.environment), .command(.rule), .command(.customer), .command(.device): return true
    default: return false
    }
  }

  /// Lines that end the setup: the first of them is the first step.
  public var isStepOnly: Bool { !isSetupOnly && !isAllowedAnywhere }

  /// The command the line gives, if it is one.
  public var command: WorldCommand? {
    if case .command(let command) = self { return command }
    return nil
  }

  /// The device a step acts on, if it names one.
  public var device: String? { command?.device }

  /// What kind of answer the step gives, which decides the expectations it can carry.
  public var answer: AnswerKind? {
    switch self {
    case .command(.request), .command(.requestTyped): return .tokenRequest
    case .command(.checkEligibility): return .eligibility
    case .command(.noticeSheet): return .noticeSheet
    case .command(.linkOut): return .linkOut
    case .command(.commerce), .command(.advance): return .commerce
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
