import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

extension TUIState {
  /// The command an action on the selected device stands for: the one a scenario line
  /// (`install alice.iphone`) or a control API request gives.
  static func deviceCommand(for action: Action, device: String) -> WorldCommand? {
    switch action {
    case .install: return .install(device: device)
    case .update: return .update(device: device, version: nil)
    case .redownload: return .redownload(device: device)
    case .uninstall: return .uninstall(device: device)
    case .requestAcquisition: return .request(type: .acquisition, device: device)
    case .requestServices: return .request(type: .services, device: device)
    case .requestInApp: return .request(type: .inApp, device: device)
    case .requestLinkOut: return .request(type: .linkOut, device: device)
    case .requestWithinApp: return .requestTyped(.withinApp, device: device)
    case .requestOutOfApp: return .requestTyped(.outOfApp, device: device)
    case .checkEligibility: return .checkEligibility(device: device)
    case .presentNoticeSheet: return .noticeSheet(device: device)
    case .openLinkOut: return .linkOut(device: device, url: nil)
    default: return nil
    }
  }

  mutating func performDeviceAction(_ action: Action) {
    if action == .forceRefresh {
      apply(WorldCommand.forceRefresh)
      return
    }
    guard let device = selectedDevice, let command = Self.deviceCommand(for: action, device: device.id) else {
      status = StatusMessage(.info, "select a device in the world pane first (j/k)")
      return
    }
    apply(command)
  }

  mutating func togglePayments() {
    guard let customerId = selectedCustomerId, let customer = world.customer(customerId) else {
      status = StatusMessage(.info, "select a customer first")
      return
    }
    apply(WorldCommand.setPayments(customer: customerId, allowed: !customer.canMakePayments))
  }

  /// What a change leaves for the UI to do once it is made or refused: `true` when it was made.
  typealias AfterChange = @Sendable (inout TUIState, Bool) -> Void

  /// Applies events as one change: all of them, or (on a refusal) none. The status line says
  /// what happened, then what the App Store did; `then` learns whether the engine took it.
  mutating func apply(_ events: [WorldEvent], then: AfterChange? = nil) {
    applyStep(then: then) { simulation throws(SimulationError) in
      try simulation.apply(.events(events), origin: .terminalUI)
    }
  }

  /// Applies a command as every door does: the same command a scenario line or a control API
  /// request gives, resolved and checked by the one simulation, so what the UI accepts `epsim run`
  /// and the control API accept too, and the history keeps the command (`w` writes it).
  mutating func apply(_ command: WorldCommand, then: AfterChange? = nil) {
    applyStep(then: then) { simulation throws(SimulationError) in
      try simulation.apply(command, origin: .terminalUI)
    }
  }

  /// Applies a form's commands as one step: one command as every door applies it; several (a
  /// device's OS and storefront, a rule form's fields) resolved by the same function, all or none.
  mutating func apply(_ commands: [WorldCommand], then: AfterChange? = nil) {
    if commands.count == 1 { return apply(commands[0], then: then) }
    applyStep(then: then) { simulation throws(SimulationError) in
      try simulation.apply(commands: commands, origin: .terminalUI)
    }
  }

  private mutating func applyStep(
    then: AfterChange?,
    _ step:
      @escaping @Sendable (inout WorldSimulation<Simulation>) throws(SimulationError) ->
      WorldSimulation<Simulation>.Applied
  ) {
    let start = simulation.position
    changeSimulation { simulation in
      Result { () throws(SimulationError) in try step(&simulation) }
    } then: { state, result in
      let made = state.finishStep(result, after: start)
      then?(&state, made)
    }
  }

  /// What the UI does after a step it asked for: the refusal, or the step's report and the App
  /// Store's events in the status line. Whether the step was made.
  private mutating func finishStep(
    _ result: Result<WorldSimulation<Simulation>.Applied, SimulationError>, after start: Int
  ) -> Bool {
    let applied: WorldSimulation<Simulation>.Applied
    switch result {
    case .failure(let error):
      status = StatusMessage(.error, error.message)
      return false
    case .success(let success): applied = success
    }
    dropReplacedSteps(after: start)
    playback.stepTaken()
    logPane.followNewest()
    if let last = applied.tokenSteps.last, let outcome = simulation.tokens.appliedSteps.last?.outcome {
      report(outcome, of: last.event)
    }
    noteStore(applied.storeEvents)
    return true
  }

  /// Why a lifecycle event started no period: what the engine logged, else what the rules say.
  static func whyNoPeriod(after event: WorldEvent, outcome: EventOutcome, rules: LifecycleRules) -> String? {
    if let logged = outcome.log.last(where: { $0.topic == .noPeriodStarted }) {
      return logged.message
    }
    switch event {
    case .install where rules.creation == .onFirstRequest:
      return "under these rules periods start on the first token request (1-4), not on install"
    case .install, .update, .redownload:
      guard rules.servicesRenewal != .onQualifyingEvent else { return nil }
      return
        "under these rules a SERVICES period starts on a token request (2), not on an update or redownload"
    default:
      return nil
    }
  }

  /// Sets the status line from an outcome and selects any token it produced.
  mutating func report(_ outcome: EventOutcome, of event: WorldEvent) {
    let world = self.world
    switch outcome.result {
    case .token(.token(let index, let disposition)):
      tokensPane.selected = index
      let token = world.tokens[index].token
      let type = token.tokenType?.rawValue ?? "plain"
      status = StatusMessage(.success, "\(type) \(token.externalPurchaseId) (\(disposition.rawValue))")
    case .token(.noToken(let reason)):
      status = StatusMessage(.info, "\(event.summary) returned nil: \(reason)", givesReason: true)
    case .token(.notEligible(let reason)):
      status = StatusMessage(.error, "\(event.summary) throws: \(reason)")
    case .lifecycle(let started):
      if let period = started.last, let newest = world.periods[period].tokenIndexes.last {
        tokensPane.selected = newest
      }
      let periods = started.map { "\(world.periods[$0].type.rawValue) period \(world.periods[$0].ordinal)" }
      let why = periods.isEmpty ? Self.whyNoPeriod(after: event, outcome: outcome, rules: world.rules) : nil
      let suffix =
        periods.isEmpty
        ? why.map { "no period started: \($0)" } ?? "no period started"
        : "started " + periods.joined(separator: ", ")
      status = StatusMessage(.success, "\(event.summary): \(suffix)", givesReason: why != nil)
    case .eligibility(.eligible):
      status = StatusMessage(.success, "isEligible is true")
    case .eligibility(.notEligible(let reason)):
      status = StatusMessage(.error, "isEligible is false: \(reason)")
    case .legacy(.token(let index)):
      tokensPane.selected = index
      status = StatusMessage(.success, "plain token \(world.tokens[index].token.externalPurchaseId)")
    case .legacy(.unavailable(let reason)):
      status = StatusMessage(.error, "\(event.summary) fails: \(reason)")
    case .clock(let from, let to, let expired):
      let moved = DurationText.format(to - from)
      let note = expired.isEmpty ? "" : "; \(expired.count) period\(expired.count == 1 ? "" : "s") expired"
      status = StatusMessage(.success, "clock +\(moved) to \(ISOTime.string(to))\(note)")
    case .changed:
      status = StatusMessage(.success, event.summary)
    }
  }
}
