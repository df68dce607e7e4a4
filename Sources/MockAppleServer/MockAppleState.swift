import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import WorldCommands

/// Everything the mock server holds: the simulated world (event-sourced, on the virtual clock)
/// and Apple's side of reporting, one ledger per environment so the two never mix.
///
/// An actor, so each request sees and changes one consistent state; every change is computed
/// on a copy and stored only when it succeeded.
public actor MockAppleState {
  public private(set) var simulation: Simulation
  private var ledgers: [TokenEnvironment: ReportLedger]
  private var rateWindow: (second: Int64, count: Int) = (0, 0)
  /// The world's tokens by id; rebuilt when tokens were added (tokens are never removed).
  private var lookup: TokenLookup
  private var lookupSize = 0
  public internal(set) var notifications = NotificationLog()
  /// App Store API calls noted per transaction, for the terminal UI (`transactionActivityLines`).
  public internal(set) var transactionActivity = TransactionActivity()
  /// Report requests the server refused, newest last (at most `refusalLimit`), so the terminal UI
  /// beside it can show them; with the externalPurchaseId where the body named one.
  public private(set) var refusals: [(externalPurchaseId: String?, text: String)] = []
  public static let refusalLimit = 100
  /// The App Store beside the world, on its clock: catalog, purchases, renewals.
  public private(set) var commerce: CommerceWorld
  /// Every App Store event so far, oldest first, with the notification Apple sends for it: what
  /// notifications V2 are made from.
  public private(set) var commerceEvents: [CommerceDomainEvent] = []
  /// The customer of the last device a command used: the default customer of
  /// `advanceClock` `toExpiryOf`, as in a scenario.
  private var lastCustomer: String?
  public nonisolated let notificationSettings: NotificationSettings
  public nonisolated let authority: TestCertificateAuthority

  public init(
    world: WorldState, notificationSettings: NotificationSettings, authority: TestCertificateAuthority,
    commerce: CommerceWorld? = nil
  ) {
    simulation = Simulation(initial: world)
    var store = commerce ?? CommerceWorld(products: [], world: world)
    // A scenario's App Store can stop short of its world's last step: bring it to the world's time.
    commerceEvents = (try? store.advance(to: world.now)) ?? []
    self.commerce = store
    lookup = TokenLookup(world: world)
    lookupSize = world.tokens.count
    ledgers = [
      .production: ReportLedger(environment: .production), .sandbox: ReportLedger(environment: .sandbox),
    ]
    self.notificationSettings = notificationSettings
    self.authority = authority
  }

  public var world: WorldState { simulation.world }

  /// Takes the world from elsewhere (`epsim tui --serve`: the terminal UI's simulation is the
  /// source of truth and is handed over after every change). Reports and notifications stay:
  /// they are Apple's side, which the UI never changes.
  public func replaceSimulation(_ newSimulation: Simulation) {
    simulation = newSimulation
    // Rebuilt every time: after an undo in the UI, the same number of tokens can hold other ids.
    lookup = TokenLookup(world: newSimulation.world)
    lookupSize = newSimulation.world.tokens.count
    // Moving the clock forward only renews and expires; the engine refuses nothing on the way.
    try? followWorldClock()
  }

  /// Takes the App Store from elsewhere as well (`epsim tui --serve`: the UI's purchases are the
  /// source of truth), with the events the UI's App Store produced since the last handover, which
  /// become notifications. Events the UI later undoes stay sent, as reports stay accepted.
  /// **Assumption:** a change a backend made through the API (an app account token, an
  /// extension) lasts until the UI's next purchase step or clock move replaces the App Store.
  public func replaceSimulation(
    _ newSimulation: Simulation, commerce newCommerce: CommerceWorld,
    events: [CommerceDomainEvent]
  ) {
    commerce = newCommerce
    commerceEvents += events
    replaceSimulation(newSimulation)
  }

  /// Per externalPurchaseId, one line for each accepted report and each notification, oldest
  /// first: what the terminal UI shows beside a token.
  public func activityLines() -> [String: [String]] {
    var lines: [String: [String]] = [:]
    for environment in [TokenEnvironment.production, .sandbox] {
      guard let ledger = ledgers[environment] else { continue }
      for requestIdentifier in ledger.order {
        guard let report = ledger.reports[requestIdentifier] else { continue }
        lines[report.externalPurchaseId, default: []].append(
          "report \(report.status.rawValue) (\(environment.rawValue)) request \(requestIdentifier.prefix(8))")
      }
    }
    for delivery in notifications.deliveries {
      guard let id = delivery.externalPurchaseId else { continue }
      lines[id, default: []].append(activityLine(delivery))
    }
    for refusal in refusals {
      if let id = refusal.externalPurchaseId { lines[id, default: []].append(refusal.text) }
    }
    return lines
  }

  /// Remembers a refused report request (the oldest go once there are `refusalLimit`).
  public func noteRefusal(_ text: String, externalPurchaseId: String? = nil) {
    refusals.append((externalPurchaseId, text))
    if refusals.count > Self.refusalLimit { refusals.removeFirst(refusals.count - Self.refusalLimit) }
  }

  public func ledger(_ environment: TokenEnvironment) -> ReportLedger {
    ledgers[environment] ?? ReportLedger(environment: environment)
  }

  /// Checks a report body against the world; records it only when it is accepted.
  public func submit(body: Data, environment: TokenEnvironment) -> ReportVerdict {
    switch ReportBodyParser.parse(body) {
    case .failure(let unusable): return .rejected(errors(for: unusable, environment: environment))
    case .success(let report): return submit(report, environment: environment)
    }
  }

  /// Every error of a body that did not fully parse: its shape errors, then the rules its
  /// readable parts break against the world and this environment's ledger.
  public func errors(for unusable: UnusableReportBody, environment: TokenEnvironment) -> [ReportError] {
    ReportValidator(world: simulation.world, ledger: ledger(environment), lookup: currentLookup()).errors(
      for: unusable)
  }

  /// The token index, rebuilt when tokens were added since it was made.
  private func currentLookup() -> TokenLookup {
    if lookupSize != simulation.world.tokens.count {
      lookup = TokenLookup(world: simulation.world)
      lookupSize = simulation.world.tokens.count
    }
    return lookup
  }

  /// Checks a parsed report against the world; records it only when it is accepted. Servers
  /// parse outside the actor, so only this part runs one request at a time.
  public func submit(_ report: ExternalPurchaseReport, environment: TokenEnvironment) -> ReportVerdict {
    let lookup = currentLookup()
    // In place: copying the ledger out and back would copy every accepted report each time.
    // `submit` changes the ledger only when it accepts.
    return ledgers[environment, default: ReportLedger(environment: environment)].submit(
      report, world: simulation.world, lookup: lookup)
  }

  /// An accepted report, by its request identifier.
  public func report(_ requestIdentifier: String, environment: TokenEnvironment) -> ExternalPurchaseReport? {
    ledger(environment).reports[requestIdentifier]
  }

  /// Applies a world command (not a purchase step) as every door resolves it: the engine events
  /// it stands for, all or none. Returns the last event applied, its outcome and the world after.
  public func apply(_ command: WorldCommand) throws(SimulationError) -> (
    event: WorldEvent, outcome: EventOutcome, world: WorldState
  ) {
    if let device = command.device, let owner = simulation.world.device(device)?.customerId {
      lastCustomer = owner
    }
    let events = try command.worldEvents(in: simulation.world, commerce: commerce, lastCustomer: lastCustomer)
    guard let last = events.last else { throw SimulationError("\(command.fields.type) changes nothing here") }
    let saved = (simulation, commerce, commerceEvents)
    var outcome: EventOutcome?
    do {
      for event in events { outcome = try apply(event).outcome }
    } catch {
      (simulation, commerce, commerceEvents) = saved
      throw error
    }
    return (last, outcome!, simulation.world)
  }

  /// Applies a world event; a refused event changes nothing. The App Store follows the world's
  /// clock: renewals, retries and expiries the move passes happen too.
  public func apply(_ event: WorldEvent) throws(SimulationError) -> (outcome: EventOutcome, world: WorldState)
  {
    // The App Store's part first, on a copy, so a refusal on either side changes nothing.
    var following = commerce
    let followed = try following.follow(event, world: simulation.world)
    let outcome = try simulation.apply(event)
    commerce = following
    commerceEvents += followed
    try followWorldClock()
    return (outcome, simulation.world)
  }

  /// Brings the App Store to the world's time (it never goes back: Apple's side keeps its past).
  private func followWorldClock() throws(SimulationError) {
    commerceEvents += try commerce.advance(to: simulation.world.now)
  }

  /// Applies a purchase step at the world's time; a refused step changes nothing.
  public func apply(_ step: CommerceStep) throws(SimulationError) -> [CommerceDomainEvent] {
    var changed = commerce
    let events = try changed.perform(step, world: simulation.world)
    commerce = changed
    commerceEvents += events
    // The customer a step concerns is the default of a later `toExpiryOf`, as in a scenario.
    let command = WorldCommand.commerce(step)
    lastCustomer =
      step.customer ?? command.device.flatMap { simulation.world.device($0)?.customerId } ?? lastCustomer
    return events
  }

  /// Applies an App Store event the API causes (Set App Account Token, extensions) at the world's
  /// time; a refused event changes nothing.
  public func apply(_ event: CommerceEvent) throws(SimulationError) -> [CommerceDomainEvent] {
    var changed = commerce
    var events = try changed.advance(to: simulation.world.now)
    events += try changed.state.apply(event)
    commerce = changed
    commerceEvents += events
    return events
  }

  /// Creates the notifications that fell due by the world's time, then hands out the
  /// deliveries whose attempt is due (they stay in flight until recorded).
  public func takeDueDeliveries() throws -> [NotificationDelivery] {
    let world = simulation.world
    let due = NotificationSchedule(settings: notificationSettings).due(
      in: world, known: notifications.keys,
      isReported: { id in ledgers.values.contains { $0.statuses[id] != nil } },
      isDuplicate: { id in
        ledgers.values.contains { $0.reports(for: id).contains { $0.status == .duplicateToken } }
      })
    let tokenNotifications = try due.map {
      try NotificationLog.delivery(for: $0, seed: world.seed, authority: authority)
    }
    notifications.add(tokenNotifications + (try newAppStoreNotifications()), settings: notificationSettings)
    return notifications.takeDue(now: world.now)
  }

  /// Records one delivery attempt.
  public func record(_ attempt: DeliveryAttempt, for key: String) {
    notifications.record(attempt, for: key, settings: notificationSettings)
  }

  /// Counts a request against a limit per real second; false when the limit is used up.
  public func admit(limitPerSecond: Int, now: Date) -> Bool {
    let second = Int64(now.timeIntervalSince1970.rounded(.down))
    if rateWindow.second != second { rateWindow = (second, 0) }
    guard rateWindow.count < limitPerSecond else { return false }
    rateWindow.count += 1
    return true
  }
}
