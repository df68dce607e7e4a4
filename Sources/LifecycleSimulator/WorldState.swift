import ExternalPurchaseTokens

/// Everything the simulator knows at one instant: clock, rules, app, accounts, devices, tokens.
///
/// A value type: the engine folds events over it, so any earlier state can be kept and restored.
public struct WorldState: Hashable, Sendable {
  /// The virtual clock, UNIX ms.
  public var now: VirtualTime
  // A change to the rules, the app, the accounts or the devices voids the custom link answers
  // noted so far (`CustomLinkOfferNote`).
  public var rules: LifecycleRules { didSet { customLinkOfferNote.epoch &+= 1 } }
  public var app: AppConfiguration { didSet { customLinkOfferNote.epoch &+= 1 } }
  public var customers: [Customer] { didSet { customLinkOfferNote.epoch &+= 1 } }
  public var devices: [Device] { didSet { customLinkOfferNote.epoch &+= 1 } }
  /// Every custom link period ever started, in order.
  public var periods: [TokenPeriod]
  /// Every token ever handed out, in order.
  public var tokens: [IssuedToken]
  /// Source of every generated id; its state is part of the world so replays are exact.
  public var generator: SeededGenerator
  /// Set by `WorldEvent.forceRefresh`: the next ACQUISITION/SERVICES answer from an existing period is refreshed.
  public var refreshNextRequest: Bool
  /// The seed the world started with, kept for display and recording.
  public let seed: UInt64
  /// Which periods may be unexpired (`LivePeriodNote`): a search aid, not part of the state.
  var livePeriodNote = LivePeriodNote()
  /// Each device's custom link answer (`CustomLinkOfferNote`): a speed aid, not part of the state.
  var customLinkOfferNote = CustomLinkOfferNote()

  public init(
    now: VirtualTime, rules: LifecycleRules, app: AppConfiguration, seed: UInt64, customers: [Customer] = [],
    devices: [Device] = []
  ) {
    self.now = now
    self.rules = rules
    self.app = app
    self.customers = customers
    self.devices = devices
    self.periods = []
    self.tokens = []
    self.generator = SeededGenerator(seed: seed)
    self.refreshNextRequest = false
    self.seed = seed
  }

  public func customer(_ id: String) -> Customer? { customers.first { $0.id == id } }
  public func device(_ id: String) -> Device? { devices.first { $0.id == id } }
  public func devices(of customerId: String) -> [Device] { devices.filter { $0.customerId == customerId } }

  /// Periods of a customer, optionally of one type, oldest first.
  public func periods(of customerId: String, type: CustomLinkTokenType? = nil) -> [TokenPeriod] {
    periods.filter { $0.customerId == customerId && (type == nil || $0.type == type) }
  }

  /// The period of `type` active now for the customer, if any.
  public func activePeriod(of customerId: String, type: CustomLinkTokenType) -> TokenPeriod? {
    activePeriodIndex(of: customerId, type: type).map { periods[$0] }
  }

  /// The index in `periods` of `activePeriod(of:type:)`. The engine asks by index: copying a
  /// period out on every request retained its strings and token list (issue 26).
  @inline(__always)
  func activePeriodIndex(of customerId: String, type: CustomLinkTokenType) -> Int? {
    // An active period is unexpired, so only those can be it; the newest match wins.
    var found: Int?
    forEachPossiblyUnexpiredPeriodNewestFirst { index in
      if periods[index].type == type && periods[index].isActive(at: now)
        && periods[index].customerId == customerId
      {
        found = index
      }
      return found == nil
    }
    return found
  }

  /// Tokens handed to a customer, oldest first.
  public func tokens(of customerId: String) -> [IssuedToken] {
    tokens.filter { $0.customerId == customerId }
  }

  /// The earliest expiration strictly after now, over every period: where "jump to next expiry" lands.
  public var nextExpiry: VirtualTime? {
    var earliest: VirtualTime?
    forEachPossiblyUnexpiredPeriod { index in
      let expiration = periods[index].expirationDate
      if expiration > now && expiration < (earliest ?? .max) { earliest = expiration }
      return true
    }
    return earliest
  }

  /// The latest expiration at or before now: what "the expiry just passed" means.
  public var previousExpiry: VirtualTime? {
    periods.lazy.map(\.expirationDate).filter { $0 <= self.now }.max()
  }
}
