import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import ScenarioLanguage

extension TUIState {
  /// The App Store as of the current position of the history.
  public var store: CommerceWorld { commerce.current }

  /// Whether the App Store sells anything (a world without products has no purchases view).
  var storeHasProducts: Bool { !store.state.products.isEmpty }

  /// After token steps taken from history position `start`: the App Store's clock follows the token
  /// world's, and renewals, retries and expiries due on the way happen as part of the same step.
  @discardableResult
  mutating func followClock(from start: Int) -> [CommerceDomainEvent] {
    guard simulation.position > start else { return [] }
    do throws(SimulationError) {
      let applied = simulation.appliedSteps.dropFirst(start).map(\.event)
      return try commerce.record(
        nil, from: start, reaching: simulation.position, world: world, followed: applied)
    } catch {
      status = StatusMessage(.error, "App Store: \(error.message)")
      return []
    }
  }

  /// The status line with what the App Store did last during a step, if anything.
  mutating func noteStore(_ events: [CommerceDomainEvent]) {
    guard let last = events.last, let status else { return }
    let more = events.count > 1 ? " (and \(events.count - 1) more, in the log)" : ""
    self.status = StatusMessage(status.kind, status.text + "; App Store: " + Self.storeText(last) + more)
  }

  /// Performs a purchase step as one step of history: the token history gets a step that changes
  /// no token (the clock stays), and the App Store records the purchase at its position, so undo
  /// takes it back like any token event. False when the App Store refused (nothing changed).
  @discardableResult
  mutating func performPurchase(_ step: CommerceStep) -> Bool {
    let start = simulation.position
    var trial = simulation
    var history = commerce
    let events: [CommerceDomainEvent]
    do throws(SimulationError) {
      _ = try trial.apply(.advanceClock(to: trial.world.now))
      events = try history.record(step, from: start, reaching: trial.position, world: trial.world)
    } catch {
      status = StatusMessage(.error, error.message)
      return false
    }
    dropScenarioNotes(after: start)
    simulation = trial
    commerce = history
    playStepPosition = nil
    logScroll = 0
    if let newest = events.last(where: { $0.transaction != nil })?.transaction {
      selectedTransaction = newest.transactionId
    }
    let what = ScenarioWriter.commerceStep(step)
    status = StatusMessage(
      .success, events.isEmpty ? what : what + ": " + events.map(Self.storeText).joined(separator: "; "))
    return true
  }

  /// "DID_RENEW: premium.monthly renewed": an App Store event for the status line and the log.
  static func storeText(_ event: CommerceDomainEvent) -> String {
    event.notification.map { "\($0.text): \(event.summary)" } ?? event.summary
  }

  /// What the step that led to `position` did, in a few words: a purchase step reads as its
  /// scenario line, any other as the engine's summary and what the App Store did last during it
  /// (the notification Apple would send).
  func stepSummary(at position: Int) -> String {
    if let purchase = commerce.purchases[position] { return ScenarioWriter.commerceStep(purchase) }
    let summary = simulation.steps[position - 1].event.summary
    guard let last = commerce.change(at: position)?.events.last else { return summary }
    // The notification's name says it in few columns (history rows are one line).
    return summary + "; " + (last.notification?.text ?? "App Store: " + last.summary)
  }

  /// The engine's log lines of the step that led to `position`; a purchase step's (a clock move to
  /// where it was) is the purchase line instead.
  func stepLogLines(at position: Int) -> [LogLine] {
    let step = simulation.steps[position - 1]
    guard let purchase = commerce.purchases[position] else { return step.outcome.log.map(LogLine.init) }
    return [
      LogLine(
        time: step.now, label: "event", labelStyle: Self.style(of: .event),
        message: ScenarioWriter.commerceStep(purchase))
    ]
  }

  /// How many log lines the steps in effect have (engine and App Store lines, not scenario notes).
  var stepLogLineCount: Int {
    let position = simulation.position
    var count = simulation.appliedSteps.reduce(0) { $0 + $1.outcome.log.count }
    for key in commerce.purchases.keys where key <= position {
      count += 1 - simulation.steps[key - 1].outcome.log.count
    }
    return count + commerce.changes.reduce(0) { $0 + ($1.position <= position ? $1.events.count : 0) }
  }

  /// The App Store's log lines of the step that led to `position`, oldest first.
  func storeLogLines(at position: Int) -> [LogLine] {
    guard position > 0, let change = commerce.change(at: position) else { return [] }
    return change.events.map { event in
      LogLine(time: event.time, label: "store", labelStyle: Theme.active, message: Self.storeText(event))
    }
  }

  /// The next moment of the App Store (renewal, grace end, retry), if one lies ahead.
  var nextStoreMoment: VirtualTime? {
    try? store.state.resolve(CommerceClockTarget())
  }

  /// The time the next-expiry keys go to: the nearer of the next token expiry and the App Store's
  /// next moment, `offset` ms from it.
  func nextExpiryTarget(offset: VirtualDuration) throws(SimulationError) -> VirtualTime {
    let token = try? world.resolve(.nextExpiry(offset: offset))
    let storeMoment = try? store.state.resolve(CommerceClockTarget(offset: offset))
    guard let time = [token, storeMoment].compactMap({ $0 }).min() else {
      return try world.resolve(.nextExpiry(offset: offset))  // says that nothing lies ahead
    }
    return time
  }

  /// `v`: the clock to the selected customer's next renewal, as if it came now.
  mutating func renewNow() {
    guard let customer = selectedCustomerId, store.state.customer(customer) != nil else {
      status = StatusMessage(.info, "select a customer with purchases first (b buys)")
      return
    }
    do throws(SimulationError) {
      let time = try store.state.resolve(CommerceClockTarget(kind: .renewal, customer: customer))
      apply([.advanceClock(to: time)])
    } catch {
      status = StatusMessage(.info, error.message)
    }
  }

  /// `B`: the selected customer's payment method starts failing, or recovers.
  mutating func toggleBilling() {
    guard let customer = selectedCustomerId, let buyer = store.state.customer(customer) else {
      status = StatusMessage(.info, "select a customer with purchases first (b buys)")
      return
    }
    performPurchase(.billing(customer: customer, fails: !buyer.billingFails))
  }

  /// `z`: a full refund of the selected transaction's product (its newest transaction).
  mutating func refundSelected() {
    guard let customer = selectedCustomerId, let transaction = selectedStoreTransaction else {
      status = StatusMessage(.info, "select a transaction in the purchases view first (p)")
      return
    }
    let product = store.state.products[Int(transaction.product)].id
    performPurchase(.refund(product: product, customer: customer, reason: .other))
  }

  /// `t`: auto-renew of the selected transaction's subscription group, off or back on.
  mutating func toggleAutoRenew() {
    guard let customer = selectedCustomerId, let chain = selectedChain else {
      status = StatusMessage(.info, "select a subscription transaction in the purchases view first (p)")
      return
    }
    performPurchase(.autoRenew(customer: customer, group: chain.groupId, enabled: !chain.autoRenew))
  }

  /// `p`: purchases instead of tokens in the middle pane, or back.
  mutating func togglePurchases() {
    showsPurchases.toggle()
    status = StatusMessage(
      .info,
      showsPurchases
        ? (storeHasProducts
          ? "App Store purchases of the selected customer: b buys, Enter shows a transaction, p shows tokens"
          : "this world's App Store sells nothing (a scenario's product lines, or the demo world, add products)")
        : "tokens of the selected customer")
  }
}
