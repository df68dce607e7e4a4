import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// The token world and the App Store as one simulation with one history: every door (`epsim run`,
/// the terminal UI, `epsim serve`) applies its steps here, each once, and nothing else keeps the
/// two in step (docs/decisions/0143-one-simulation-and-one-history.md).
///
/// A step is a `WorldStep`: token events, which the App Store follows (a device's storefront moves
/// its customer's account, the clock runs renewals), a purchase step, or a change a backend made
/// through Apple's API. With `Simulation` as its token engine the history can be undone, redone
/// and rewound (`WorldSimulation+History.swift`); with `WorldWithoutHistory` it keeps none.
public struct WorldSimulation<Tokens: TokenEngine>: Sendable {
  /// The token world, with its own history of token events when it keeps one.
  public internal(set) var tokens: Tokens
  /// The App Store on the same clock; nil when the world sells nothing (a scenario without
  /// `product` lines), so purchase steps are refused.
  public internal(set) var store: CommerceWorld?
  /// The customer of the last device or customer a command named: the default customer of
  /// `advance to expiry of TYPE`, as in a scenario.
  public internal(set) var lastCustomer: String?
  /// Counts every change, undo and rewind: a reader that kept an index of the world knows to
  /// rebuild it when this moved.
  public internal(set) var revision = 0
  /// Counts the steps ever recorded (an undo never lowers it): a watcher that saw it move knows
  /// new steps landed, not just the cursor.
  public internal(set) var recordedSteps = 0
  /// Whether the App Store events of new steps are kept whole until taken (`takeStoreEvents`):
  /// the server turns each into a notification; the history keeps only a short record of each.
  public var collectsStoreEvents = false
  /// The App Store events of the steps applied since the last `takeStoreEvents`, whole.
  public private(set) var untakenStoreEvents: [CommerceDomainEvent] = []
  var history: WorldHistory
  /// Tells this simulation apart from one that replaced it (a new world): a saver that sees it
  /// change knows the history started over.
  public internal(set) var lineage = UInt64.random(in: 1...UInt64.max)
  /// Which world this is in its door's life: 0 for the first, one more for each start over. Unlike
  /// `lineage` it is the same after a server replays its journal, so a history head names it.
  public internal(set) var generation = 0
  /// How this simulation began, when it replaced another through `startingOver(_:)`.
  public internal(set) var freshStart: FreshStart?

  /// One token event of a step and what the engine answered.
  public struct TokenStepResult: Sendable {
    public var event: WorldEvent
    public var result: EventResult
    /// The one-line summary a transcript shows.
    public var summary: String
  }

  /// What one step did: the token events' answers, oldest first, and what the App Store did.
  public struct Applied: Sendable {
    public var tokenSteps: [TokenStepResult] = []
    public var storeEvents: [CommerceDomainEvent] = []
  }

  /// A simulation of `tokens` beside `store`. Token steps `tokens` already has become steps of
  /// this history, one each, that left the App Store as it is.
  public init(tokens: Tokens, store: CommerceWorld?) {
    self.tokens = tokens
    self.store = store
    history = WorldHistory(initialStore: store, tokenStart: 0)
    for position in 0..<tokens.position {
      history.record(tokenEnd: position + 1, change: nil, lastCustomer: nil, store: store, origin: .unknown)
    }
  }

  public var world: WorldState { tokens.world }

  /// Applies a command as every door resolves it: the token events it stands for, or its purchase
  /// step. All or nothing: a refusal changes nothing.
  // Specialized here for both engines: callers in other modules (the runner, the server) would
  // otherwise look up generic metadata on every step, measured at several percent of `epsim run`.
  @_specialize(exported:true,where Tokens == WorldWithoutHistory)
  @_specialize(exported:true,where Tokens == Simulation)
  @discardableResult
  public mutating func apply(_ command: WorldCommand, origin: StepOrigin = .unknown) throws(SimulationError)
    -> Applied
  {
    let named = customer(named: command)
    if case .commerce(let step) = command {
      let applied = try apply(.purchase(step), lastCustomer: named ?? lastCustomer, origin: origin)
      return applied
    }
    let events = try command.worldEvents(in: world, commerce: store, lastCustomer: named ?? lastCustomer)
    let applied = try apply(.events(events), lastCustomer: named ?? lastCustomer, origin: origin)
    // A step with events is always recorded: the move goes beside it.
    if Tokens.keepsHistory, !events.isEmpty, case .advance(let move) = command,
      let kept = move.keptForm(lastCustomer: lastCustomer)
    {
      history.noteMove(kept)
    }
    return applied
  }

  /// Applies several commands as one step (a form's fields: a device's OS and storefront, the
  /// rules' changed fields), each resolved against the world as the ones before it left it, so
  /// two rule fields do not undo each other. All or nothing.
  @discardableResult
  public mutating func apply(commands: [WorldCommand], origin: StepOrigin = .unknown) throws(SimulationError)
    -> Applied
  {
    if commands.count == 1 { return try apply(commands[0], origin: origin) }
    // A copy to resolve against: only the events of all of them become the step.
    var resolving = self
    var events: [WorldEvent] = []
    for command in commands {
      guard case .commerce = command else {
        let resolved = try command.worldEvents(
          in: resolving.world, commerce: resolving.store, lastCustomer: resolving.lastCustomer)
        _ = try resolving.apply(.events(resolved), lastCustomer: resolving.lastCustomer, origin: origin)
        events += resolved
        continue
      }
      throw SimulationError("a purchase is a step of its own, not part of a form's change")
    }
    return try apply(.events(events), lastCustomer: lastCustomer, origin: origin)
  }

  /// Applies a resolved step. All or nothing: a refusal changes nothing. A step with no event
  /// changes nothing and is not remembered.
  @_specialize(exported:true,where Tokens == WorldWithoutHistory)
  @_specialize(exported:true,where Tokens == Simulation)
  @discardableResult
  public mutating func apply(_ step: WorldStep, origin: StepOrigin = .unknown) throws(SimulationError)
    -> Applied
  {
    try apply(step, lastCustomer: lastCustomer, origin: origin)
  }

  /// Applies a step again as it was first applied, with the default customer it left: how a
  /// saved history is rebuilt (`epsim serve --state`).
  public mutating func replay(
    _ step: WorldStep, lastCustomer customer: String?, origin: StepOrigin, move: ClockMove? = nil
  ) throws(SimulationError) {
    _ = try apply(step, lastCustomer: customer, origin: origin)
    if let move, Tokens.keepsHistory { history.noteMove(move) }
  }

  private mutating func apply(_ step: WorldStep, lastCustomer customer: String?, origin: StepOrigin)
    throws(SimulationError) -> Applied
  {
    var applied = Applied()
    let input: WorldHistory.StoreInput
    switch step {
    case .events(let events):
      guard !events.isEmpty else { return applied }
      try applyEvents(events, into: &applied)
      input = .followed
    case .purchase(let purchase):
      guard var changed = store else {
        throw SimulationError("no product is declared; add a 'product' line")
      }
      applied.storeEvents = try changed.perform(purchase, world: world)
      store = changed
      input = .purchase(purchase)
    case .backend(let event):
      guard var changed = store else { throw SimulationError("this world has no App Store") }
      applied.storeEvents = try changed.applyBackend(event, at: world.now)
      store = changed
      input = .backend(event)
    }
    lastCustomer = customer
    revision += 1
    if collectsStoreEvents { untakenStoreEvents += applied.storeEvents }
    guard Tokens.keepsHistory else { return applied }
    let changedStore = !applied.storeEvents.isEmpty || input.isStoreStep || followedStorefront(applied)
    history.record(
      tokenEnd: tokens.position, change: changedStore ? (input, applied.storeEvents) : nil,
      lastCustomer: customer, store: store, origin: origin)
    recordedSteps += 1
    return applied
  }

  /// Applies token events in order, the App Store following each; on a refusal the events
  /// already applied are taken back.
  private mutating func applyEvents(_ events: [WorldEvent], into applied: inout Applied)
    throws(SimulationError)
  {
    // After an undo, a change of several events that fails part way would have cut the undone
    // steps: keep the whole simulation to put back (rare, and only then).
    let saved = events.count > 1 && history.count > history.position ? self : nil
    let start = tokens.position
    do {
      for event in events {
        // What the App Store could refuse is checked first, so that once the token world has
        // taken the event, the App Store's part cannot fail.
        try store?.checkFollow(event, world: world)
        let (result, summary) = try tokens.applyStep(event)
        applied.tokenSteps.append(TokenStepResult(event: event, result: result, summary: summary))
        // Without an App Store (most scenarios) the world is not even read here.
        guard store != nil else { continue }
        let after = world
        applied.storeEvents += try store?.follow(event, world: after) ?? []
      }
      if store != nil {
        let now = world.now
        applied.storeEvents += try store?.advance(to: now) ?? []
      }
    } catch {
      if let saved { self = saved } else if tokens.position > start { tokens.takeBack(toStep: start) }
      throw error
    }
  }

  /// Hands over the App Store events of the steps applied since the last call, whole, oldest first.
  public mutating func takeStoreEvents() -> [CommerceDomainEvent] {
    defer { untakenStoreEvents = [] }
    return untakenStoreEvents
  }

  /// Whether the App Store followed a storefront move (a change with no event of its own).
  private func followedStorefront(_ applied: Applied) -> Bool {
    applied.tokenSteps.contains { step in
      guard case .setStorefront(let device, _) = step.event, let owner = world.device(device)?.customerId
      else { return false }
      return store?.state.customer(owner) != nil
    }
  }

  /// The customer a command names or whose device it names, if any.
  private func customer(named command: WorldCommand) -> String? {
    if case .commerce(let step) = command, let customer = step.customer { return customer }
    return command.device.flatMap { world.device($0)?.customerId }
  }
}

extension WorldHistory.StoreInput {
  /// A purchase or a backend change: a change of the App Store even when it sends nothing.
  var isStoreStep: Bool {
    if case .followed = self { false } else { true }
  }
}
