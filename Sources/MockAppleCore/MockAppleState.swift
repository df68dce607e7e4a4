import AppStoreCommerce
import AppleNotifications
import AppleSigning
import CommerceSimulation
import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import ServerSightings
import SimulatedWorld

/// Everything the mock server holds: the simulated world (event-sourced, on the virtual clock)
/// and Apple's side of reporting, one ledger per environment so the two never mix.
///
/// An actor, so each request sees and changes one consistent state; every change is computed
/// on a copy and stored only when it succeeded.
public actor MockAppleState {
  /// The one simulation: the token world and the App Store, with their history. The server owns
  /// it; the terminal UI beside it (`epsim tui --serve`) changes it through `change(_:)`.
  public package(set) var simulation: WorldSimulation<Simulation>
  package var ledgers: [TokenEnvironment: ReportLedger]
  private var rateWindow: (second: Int64, count: Int) = (0, 0)
  /// The world's tokens by id; rebuilt when tokens were added or the history moved.
  private var lookup: TokenLookup
  private var lookupSize = 0
  private var lookupIsStale = false
  public package(set) var notifications = NotificationLog()
  /// App Store API calls noted per transaction, for the terminal UI (`sightingsByTransaction()`).
  public package(set) var transactionActivity = TransactionActivity()
  /// Report requests the server refused, newest last (at most `refusalLimit`), so the terminal UI
  /// beside it can show them; with the externalPurchaseId where the body named one.
  public private(set) var refusals: [ServerRefusal] = []
  public static let refusalLimit = 100
  /// Every App Store event Apple's side has seen, oldest first, with the notification Apple sends
  /// for it: what notifications V2 are made from. Undo never takes one back (it was sent), and an
  /// event a step makes again after an undo (the same renewal, say) is not sent twice.
  public private(set) var commerceEvents: [CommerceDomainEvent] = []
  private var heardEvents: Set<CommerceDomainEvent> = []
  /// Writes every change to the state directory (`epsim serve --state`); nil keeps state in memory.
  package var saver: StateSaver?
  /// Where answers and webhook sends wait until the saver's changes are on disk.
  public nonisolated let saved = SavedChangesGate()
  /// The real time (ms since 1970) the virtual clock last caught up with under `--clock wall`.
  package var wallClockReal: Int64?
  /// The step the wall clock added last, while nothing else has changed since: the next tick
  /// replaces it rather than adding one step per second to the history.
  package var lastTick: (lineage: UInt64, revision: Int)?
  /// What happened, typed and numbered, for watchers (`watch()`, `GET /epsim/v1/activity`).
  public private(set) var activity = ActivityFeed()
  private var watchers: [UInt64: AsyncStream<UInt64>.Continuation] = [:]
  private var nextWatcher: UInt64 = 0
  public nonisolated let notificationSettings: NotificationSettings
  public nonisolated let authority: TestCertificateAuthority

  public init(
    world: WorldState, notificationSettings: NotificationSettings, authority: TestCertificateAuthority,
    commerce: CommerceWorld? = nil
  ) {
    var store = commerce ?? CommerceWorld(products: [], world: world)
    // A scenario's App Store can stop short of its world's last step: bring it to the world's time.
    let caughtUp = (try? store.advance(to: world.now)) ?? []
    self.init(
      simulation: WorldSimulation(tokens: Simulation(initial: world), store: store),
      notificationSettings: notificationSettings, authority: authority, heard: caughtUp)
  }

  /// The server on a simulation (the terminal UI's, with its history, under `epsim tui --serve`).
  public init(
    simulation: WorldSimulation<Simulation>, notificationSettings: NotificationSettings,
    authority: TestCertificateAuthority, heard: [CommerceDomainEvent] = []
  ) {
    commerceEvents = heard
    heardEvents = Set(heard)
    var simulation = simulation
    if simulation.store == nil {
      simulation = WorldSimulation(
        tokens: simulation.tokens, store: CommerceWorld(products: [], world: simulation.tokens.initial))
    }
    self.simulation = simulation
    self.simulation.collectsStoreEvents = true
    lookup = TokenLookup(world: simulation.world)
    lookupSize = simulation.world.tokens.count
    ledgers = [
      .production: ReportLedger(environment: .production), .sandbox: ReportLedger(environment: .sandbox),
    ]
    self.notificationSettings = notificationSettings
    self.authority = authority
  }

  public var world: WorldState { simulation.world }
  /// The App Store beside the world, on its clock: catalog, purchases, renewals.
  public var commerce: CommerceWorld { simulation.store ?? CommerceWorld(products: [], world: world) }

  /// Runs a change of the terminal UI beside the server (`epsim tui --serve`) on the one
  /// simulation, and hands back its result and the simulation after it. What the App Store did in
  /// new steps joins Apple's side (notifications); an undo takes back steps, not what was sent.
  public func change<Result: Sendable>(
    _ change: @Sendable (inout WorldSimulation<Simulation>) -> Result
  ) -> (Result, WorldSimulation<Simulation>) {
    let before = (simulation.generation, simulation.recordedSteps, simulation.position)
    let result = change(&simulation)
    noteHistoryChange(since: before)
    hear(simulation.takeStoreEvents())
    saveHistory()
    // After an undo the same number of tokens can hold other ids.
    lookupIsStale = true
    return (result, simulation)
  }

  /// Appends to the activity feed and wakes every watcher with the newest sequence number.
  func appendActivity(_ event: ActivityEvent, at time: VirtualTime) {
    activity.append(event, at: time)
    let newest = activity.lastSequence
    for watcher in watchers.values { watcher.yield(newest) }
  }

  func addWatcher(_ continuation: AsyncStream<UInt64>.Continuation) -> UInt64 {
    nextWatcher += 1
    watchers[nextWatcher] = continuation
    return nextWatcher
  }

  func removeWatcher(_ id: UInt64) { watchers[id] = nil }

  /// Adds App Store events to what Apple's side has seen, each once.
  package func hear(_ events: [CommerceDomainEvent]) {
    for event in events where heardEvents.insert(event).inserted { commerceEvents.append(event) }
  }

  /// Per externalPurchaseId, what the server saw of the token: the reports it accepted (in each
  /// environment's order), the notifications about it, the requests about it it refused.
  public func sightingsByToken() -> [String: [ServerSighting]] {
    var seen: [String: [ServerSighting]] = [:]
    for environment in [TokenEnvironment.production, .sandbox] {
      guard let ledger = ledgers[environment] else { continue }
      for requestIdentifier in ledger.order {
        guard let report = ledger.reports[requestIdentifier] else { continue }
        seen[report.externalPurchaseId, default: []].append(
          .report(
            status: report.status.rawValue, environment: environment, requestIdentifier: requestIdentifier))
      }
    }
    for delivery in notifications.deliveries {
      guard let id = delivery.externalPurchaseId else { continue }
      seen[id, default: []].append(sighting(of: delivery))
    }
    for refusal in refusals {
      if let id = refusal.externalPurchaseId {
        seen[id, default: []].append(.refusal(reason: refusal.reason))
      }
    }
    return seen
  }

  /// Remembers a refused report request (the oldest go once there are `refusalLimit`).
  public func noteRefusal(_ text: String, externalPurchaseId: String? = nil) {
    note(.requestRefused(reason: text, externalPurchaseId: externalPurchaseId))
    refusals.append(
      ServerRefusal(sequence: activity.lastSequence, reason: text, externalPurchaseId: externalPurchaseId))
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
  package func currentLookup() -> TokenLookup {
    if lookupIsStale || lookupSize != simulation.world.tokens.count {
      lookup = TokenLookup(world: simulation.world)
      lookupSize = simulation.world.tokens.count
      lookupIsStale = false
    }
    return lookup
  }

  /// Checks a parsed report against the world; records it only when it is accepted. Servers
  /// parse outside the actor, so only this part runs one request at a time.
  public func submit(_ report: ExternalPurchaseReport, environment: TokenEnvironment) -> ReportVerdict {
    let lookup = currentLookup()
    // In place: copying the ledger out and back would copy every accepted report each time.
    // `submit` changes the ledger only when it accepts.
    let verdict = ledgers[environment, default: ReportLedger(environment: environment)].submit(
      report, world: simulation.world, lookup: lookup)
    if case .accepted = verdict {
      save(.report(report, environment: environment))
      note(
        .reportAccepted(
          requestIdentifier: report.requestIdentifier, externalPurchaseId: report.externalPurchaseId,
          status: report.status.rawValue, environment: environment))
    }
    return verdict
  }

  /// An accepted report, by its request identifier.
  public func report(_ requestIdentifier: String, environment: TokenEnvironment) -> ExternalPurchaseReport? {
    ledger(environment).reports[requestIdentifier]
  }

  /// Applies a world command (not a purchase step) as every door resolves it: the engine events
  /// it stands for, all or none. Returns the last event applied, its outcome and the world after.
  public func apply(_ command: WorldCommand, origin: StepOrigin = .controlAPI) throws(SimulationError) -> (
    event: WorldEvent, outcome: EventOutcome, world: WorldState
  ) {
    // Resolved once, by the simulation; a command with no token event changed nothing there.
    let nothing = SimulationError("\(command.fields.type) changes nothing here")
    if case .commerce = command { throw nothing }
    guard !(try simulation.apply(command, origin: origin)).tokenSteps.isEmpty else { throw nothing }
    noteNewestStep()
    hear(simulation.takeStoreEvents())
    saveHistory()
    let step = simulation.tokens.steps[simulation.tokens.position - 1]
    return (step.event, step.outcome, simulation.world)
  }

  /// A world command applied for a control API answer, with everything the answer shows, read in
  /// the same turn of the actor: the last event and its outcome, the world after it, how many
  /// tokens there were before, and the report ledgers.
  public struct AnsweredCommand: Sendable {
    public var event: WorldEvent
    public var outcome: EventOutcome
    public var world: WorldState
    public var tokensBefore: Int
    public var ledgers: [ReportLedger]
  }

  /// Applies a world command as `apply(_:origin:)` does and gathers its answer at once.
  public func applyAnswering(_ command: WorldCommand, origin: StepOrigin = .controlAPI)
    throws(SimulationError)
    -> AnsweredCommand
  {
    let before = simulation.world.tokens.count
    let (event, outcome, world) = try apply(command, origin: origin)
    return AnsweredCommand(
      event: event, outcome: outcome, world: world, tokensBefore: before,
      ledgers: [ledger(.production), ledger(.sandbox)])
  }

  /// Applies a world event; a refused event changes nothing. The App Store follows the world's
  /// clock: renewals, retries and expiries the move passes happen too.
  public func apply(_ event: WorldEvent, origin: StepOrigin = .controlAPI) throws(SimulationError) -> (
    outcome: EventOutcome, world: WorldState
  ) {
    try simulation.apply(.events([event]), origin: origin)
    noteNewestStep()
    hear(simulation.takeStoreEvents())
    saveHistory()
    return (simulation.tokens.steps[simulation.tokens.position - 1].outcome, simulation.world)
  }

  /// Applies a purchase step at the world's time; a refused step changes nothing.
  public func apply(_ step: CommerceStep, origin: StepOrigin = .controlAPI) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    let applied = try simulation.apply(.commerce(step), origin: origin)
    noteNewestStep()
    hear(simulation.takeStoreEvents())
    saveHistory()
    return applied.storeEvents
  }

  /// Applies an App Store event the API causes (Set App Account Token, extensions) at the world's
  /// time, as a step of the one history; a refused event changes nothing.
  public func apply(_ event: CommerceEvent) throws(SimulationError) -> [CommerceDomainEvent] {
    let applied = try simulation.apply(.backend(event), origin: .appleAPI)
    noteNewestStep()
    hear(simulation.takeStoreEvents())
    saveHistory()
    return applied.storeEvents
  }

  /// Creates the notifications that fell due by the world's time, then hands out the
  /// deliveries whose attempt is due (they stay in flight until recorded).
  public func takeDueDeliveries() throws -> [NotificationDelivery] {
    let world = simulation.world
    let due = NotificationSchedule(settings: notificationSettings).due(
      in: world, isKnown: notifications.contains(key:),
      isReported: { id in ledgers.values.contains { $0.statuses[id] != nil } },
      isDuplicate: { id in ledgers.values.contains { $0.hasDuplicateTokenReport(id) } })
    let tokenNotifications = try due.map {
      try NotificationLog.delivery(for: $0, seed: world.seed, authority: authority)
    }
    let seen = notifications.commerceEventsSeen
    let made = tokenNotifications + (try newAppStoreNotifications())
    notifications.add(made, settings: notificationSettings)
    if !made.isEmpty || seen != notifications.commerceEventsSeen { saveNotifications(made) }
    for delivery in made { noteMade(delivery) }
    let handedOut = notifications.takeDue(now: world.now)
    // Before any byte goes out: a server stopped mid-send must not send it again on restart.
    if !handedOut.isEmpty { save(.sending(handedOut.map(\.key))) }
    return handedOut
  }

  /// Records one delivery attempt.
  public func record(_ attempt: DeliveryAttempt, for key: String) {
    notifications.record(attempt, for: key, settings: notificationSettings)
    save(.attempt(key: key, attempt: attempt))
    note(
      .deliveryAttempt(
        key: key, succeeded: attempt.succeeded, result: attempt.sendAttemptResult.rawValue,
        status: attempt.status))
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
