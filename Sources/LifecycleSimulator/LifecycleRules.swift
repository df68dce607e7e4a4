import ExternalPurchaseTokens

/// Every rule of the lifecycle engine as a separate setting, with Apple's two behaviours as presets.
///
/// `production` and `sandbox` follow SPEC sections 4 and 5. Each field can be changed on its
/// own, so a scenario can name other combinations (for example production's event-driven
/// creation with the sandbox's one-hour lifetime).
public struct LifecycleRules: Hashable, Sendable, Codable {
  /// Which environment ids are minted for (`SANDBOX_` prefix or a plain UUID).
  public var environment: TokenEnvironment
  /// What creates the first ACQUISITION and SERVICES periods.
  public var creation: PeriodCreation
  /// What starts a new SERVICES period once none is active.
  public var servicesRenewal: ServicesRenewal
  /// How long each token type's active period lasts.
  public var lifetimes: TokenLifetimes
  /// Whether `token(for:)` returns the same token or a refreshed one within a period.
  public var refreshPolicy: RefreshPolicy
  /// Refuse APIs on OS versions that do not have them (SPEC 3, 5).
  public var osGating: Bool
  /// Apply the eligibility rules of SPEC 6 (entitlements, region keys, payments).
  public var eligibilityChecks: Bool
  /// Offer ACQUISITION/SERVICES only in EU storefronts and IN_APP/LINK_OUT only in Japan and Brazil.
  public var typeRegionGating: Bool
  /// Qualifying events start periods only on a device where `isEligible` would be true.
  /// Off in both presets: SPEC 4 names no such condition (an epsim assumption, docs/rules.md).
  public var creationNeedsEligibility: Bool
  /// With `typeRegionGating`, offer IN_APP and LINK_OUT in Brazil as well as Japan. On in both
  /// presets: SPEC 5 names Japan, the typed overload of iOS 27.2 adds Brazil (an assumption).
  public var perTransactionInBrazil: Bool
  /// The notice sheet and link-out need a customer who can make payments, as `isEligible` does.
  /// On in both presets; Apple states it for `isEligible` only (an assumption, docs/rules.md).
  public var sheetAndLinkNeedPayments: Bool
  /// The String `token(for:)` still answers from 27.2, where Apple's availability range of it
  /// ends. On in both presets: Apple does not say it stops (an epsim assumption, docs/rules.md).
  public var stringFormAnswers: Bool
  /// The `tokenType` each typed `token(for: TokenType)` request's token carries (SPEC 5 is
  /// silent; an epsim assumption, docs/rules.md).
  public var typedTokenTypes: TypedTokenTypes

  public init(
    environment: TokenEnvironment, creation: PeriodCreation, servicesRenewal: ServicesRenewal,
    lifetimes: TokenLifetimes, refreshPolicy: RefreshPolicy = .never, osGating: Bool = true,
    eligibilityChecks: Bool = true, typeRegionGating: Bool = true, creationNeedsEligibility: Bool = false,
    perTransactionInBrazil: Bool = true, sheetAndLinkNeedPayments: Bool = true,
    stringFormAnswers: Bool = true, typedTokenTypes: TypedTokenTypes = .assumed
  ) {
    self.environment = environment
    self.creation = creation
    self.servicesRenewal = servicesRenewal
    self.lifetimes = lifetimes
    self.refreshPolicy = refreshPolicy
    self.osGating = osGating
    self.eligibilityChecks = eligibilityChecks
    self.typeRegionGating = typeRegionGating
    self.creationNeedsEligibility = creationNeedsEligibility
    self.perTransactionInBrazil = perTransactionInBrazil
    self.sheetAndLinkNeedPayments = sheetAndLinkNeedPayments
    self.stringFormAnswers = stringFormAnswers
    self.typedTokenTypes = typedTokenTypes
  }

  /// Apple's production behaviour: periods start on qualifying events; 365-day lifetimes (SPEC 4, 10).
  public static let production = LifecycleRules(
    environment: .production, creation: .onQualifyingEvent, servicesRenewal: .onQualifyingEvent,
    lifetimes: .production)

  /// Apple's sandbox behaviour: the first request starts a period, SERVICES renews on request,
  /// every custom link token lives one hour (SPEC 4, "Testing transactions that use custom link tokens").
  public static let sandbox = LifecycleRules(
    environment: .sandbox, creation: .onFirstRequest, servicesRenewal: .onRequest, lifetimes: .sandbox)

  /// The preset for an environment.
  public static func preset(_ environment: TokenEnvironment) -> LifecycleRules {
    environment == .sandbox ? .sandbox : .production
  }
}

/// What creates a customer's first ACQUISITION and SERVICES periods.
public enum PeriodCreation: String, CaseIterable, Hashable, Sendable, Codable {
  /// Production: the first install across all of the customer's devices creates both.
  case onQualifyingEvent = "qualifying-event"
  /// Sandbox: the first `token(for:)` request of a type creates its period.
  case onFirstRequest = "first-request"
}

/// What starts a new SERVICES period after the previous one expired.
public enum ServicesRenewal: String, CaseIterable, Hashable, Sendable, Codable {
  /// Production: an update or redownload, and only while no SERVICES token is active.
  case onQualifyingEvent = "qualifying-event"
  /// Sandbox: a request while none is active starts a new period with new dates.
  case onRequest = "request"
}

/// The length of each custom link token type's active period, in milliseconds.
public struct TokenLifetimes: Hashable, Sendable, Codable {
  public var acquisition: VirtualDuration
  public var services: VirtualDuration
  public var inApp: VirtualDuration
  public var linkOut: VirtualDuration

  public init(
    acquisition: VirtualDuration, services: VirtualDuration, inApp: VirtualDuration, linkOut: VirtualDuration
  ) {
    self.acquisition = acquisition
    self.services = services
    self.inApp = inApp
    self.linkOut = linkOut
  }

  /// One lifetime for all four types.
  public init(all lifetime: VirtualDuration) {
    self.init(acquisition: lifetime, services: lifetime, inApp: lifetime, linkOut: lifetime)
  }

  /// Apple's only production example spans 365 days; epsim uses it for every type (SPEC 10).
  public static let production = TokenLifetimes(all: 365 * Milliseconds.day)
  /// Sandbox custom link tokens expire one hour after creation (SPEC 2).
  public static let sandbox = TokenLifetimes(all: Milliseconds.hour)

  public subscript(type: CustomLinkTokenType) -> VirtualDuration {
    get {
      switch type {
      case .acquisition: return acquisition
      case .services: return services
      case .inApp: return inApp
      case .linkOut: return linkOut
      }
    }
    set {
      switch type {
      case .acquisition: acquisition = newValue
      case .services: services = newValue
      case .inApp: inApp = newValue
      case .linkOut: linkOut = newValue
      }
    }
  }
}
