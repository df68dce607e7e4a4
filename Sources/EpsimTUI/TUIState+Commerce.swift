import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld

extension TUIState {
  /// The App Store as of the current position of the history (the UI always has one, maybe
  /// selling nothing).
  public var store: CommerceWorld {
    simulation.store ?? CommerceWorld(products: [], world: simulation.tokens.initial)
  }

  /// Whether the App Store sells anything (a world without products has no purchases view).
  var storeHasProducts: Bool { !store.state.products.isEmpty }

  /// The status line with what the App Store did last during a step, if anything.
  mutating func noteStore(_ events: [CommerceDomainEvent]) {
    noteStore(events.map(StoreEventRecord.init))
  }

  mutating func noteStore(_ events: [StoreEventRecord]) {
    followSelectedSubscription(events)
    guard let last = events.last, status != nil else { return }
    let more = events.count > 1 ? " (and \(events.count - 1) more, in the log)" : ""
    let text = storeText(last)
    status?.text += "; App Store: " + text + more
  }

  /// When the App Store moved on by itself (a renewal, a recovery as the clock passed), the
  /// purchases view's selection moves to the newest transaction of the subscription it was on,
  /// rather than staying on an old row (issue 44).
  private mutating func followSelectedSubscription(_ events: [StoreEventRecord]) {
    guard let selected = purchasesPane.selected,
      let current = store.state.transaction(String(selected)), current.chain >= 0
    else { return }
    let newer = events.compactMap(\.transactionId).last { id in
      guard id != selected, let record = store.state.transaction(String(id)) else { return false }
      return record.originalTransactionId == current.originalTransactionId
        && record.customer == current.customer
    }
    if let newer { purchasesPane.selected = newer }
  }

  /// Performs an App Store command (`WorldCommand.commerce`, as a scenario's purchase line and
  /// the control API's give it) as one step of history, so undo takes it back like any token
  /// event; `then` learns whether the App Store took it (a refusal changes nothing).
  mutating func performPurchase(_ step: CommerceStep, then: AfterChange? = nil) {
    let start = simulation.position
    changeSimulation { simulation in
      Result { () throws(SimulationError) in try simulation.apply(.commerce(step), origin: .terminalUI) }
    } then: { state, result in
      let made = state.finishPurchase(step, result, after: start)
      then?(&state, made)
    }
  }

  /// What the UI does after an App Store step it asked for: the refusal, or what the App Store
  /// did, with the newest transaction selected. Whether the step was made.
  private mutating func finishPurchase(
    _ step: CommerceStep, _ result: Result<WorldSimulation<Simulation>.Applied, SimulationError>,
    after start: Int
  ) -> Bool {
    let events: [CommerceDomainEvent]
    switch result {
    case .failure(let error):
      status = StatusMessage(.error, error.message)
      return false
    case .success(let applied): events = applied.storeEvents
    }
    dropReplacedSteps(after: start)
    playback.stepTaken()
    logPane.followNewest()
    if let newest = events.last(where: { $0.transaction != nil })?.transaction {
      purchasesPane.selected = newest.transactionId
    }
    let what = ScenarioWriter.commerceStep(step)
    status = StatusMessage(
      .success, events.isEmpty ? what : what + ": " + events.map(storeText).joined(separator: "; "))
    return true
  }

  /// "DID_RENEW: alice: renewed premium.monthly": an App Store event for the status line and the
  /// log, naming whose it is and the product (with its subscription group) where the engine's
  /// summary does not already; with several customers or subscriptions, a line must say which.
  func storeText(_ event: CommerceDomainEvent) -> String {
    storeText(StoreEventRecord(event))
  }

  func storeText(_ event: StoreEventRecord) -> String {
    let state = store.state
    var about: [String] = []
    if state.customers.indices.contains(Int(event.customer)) {
      let customer = state.customers[Int(event.customer)].id
      if !Self.names(event.summary, customer) { about.append(customer) }
    }
    if state.products.indices.contains(Int(event.product)) {
      let product = state.products[Int(event.product)]
      if !Self.names(event.summary, product.id) {
        about.append(product.id + (product.subscription.map { " (group \($0.groupId))" } ?? ""))
      }
    }
    let text = about.isEmpty ? event.summary : about.joined(separator: ", ") + ": " + event.summary
    return event.notification.map { "\($0.text): \(text)" } ?? text
  }

  /// Whether `text` has `name` as a whole word (not inside a longer id such as `premium.monthly.plus`).
  static func names(_ text: String, _ name: String) -> Bool {
    text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" || $0 == "(" || $0 == ")" })
      .contains { $0 == name }
  }

  /// What the step that led to `position` did, in a few words: a purchase step reads as its
  /// scenario line, a backend's change as what it changed, any other as the engine's summary and
  /// what the App Store did last during it (the notification Apple would send).
  func stepSummary(at position: Int) -> String {
    let entry = simulation.entry(position)
    if let purchase = entry.purchase { return ScenarioWriter.commerceStep(purchase) }
    if let backend = entry.backend { return Self.backendText(backend) }
    let summary = entry.tokenSteps.map { simulation.tokens.steps.event(at: $0).summary }.joined(
      separator: "; ")
    guard let last = entry.storeEvents.last else { return summary }
    // The notification's name says it in few columns (history rows are one line).
    return summary + "; " + (last.notification?.text ?? "App Store: " + last.summary)
  }

  /// A backend's change through the App Store Server API, for the log and the history.
  static func backendText(_ event: CommerceEvent) -> String { event.backendSummary }

  /// The log lines of the step that led to `position`: the engine's, or the purchase or backend
  /// line of a step that moved no token.
  func stepLogLines(at position: Int) -> [LogLine] {
    let entry = simulation.entry(position)
    var lines: [LogLine]
    if entry.purchase != nil || entry.backend != nil {
      lines = [
        LogLine(
          time: entry.now, label: entry.backend == nil ? "event" : "backend",
          labelStyle: Self.style(of: .event),
          message: entry.purchase.map(ScenarioWriter.commerceStep) ?? entry.backend.map(Self.backendText)
            ?? "")
      ]
    } else {
      lines = entry.tokenSteps.flatMap { simulation.tokens.steps[$0].outcome.log.map(LogLine.init) }
    }
    // A step another door made says which, so nobody takes it for a key press here.
    if let tag = Self.otherDoorTag(entry.origin), !lines.isEmpty { lines[0].message = tag + lines[0].message }
    return lines
  }

  /// The prefix of a step's first log line when another door made it: the control API's request,
  /// the wall clock's tick (a backend's step already says "backend").
  static func otherDoorTag(_ origin: StepOrigin) -> String? {
    switch origin {
    case .controlAPI: "control API: "
    case .wallClock: "clock: "
    case .terminalUI, .scenario, .appleAPI, .unknown: nil
    }
  }

  /// How many log lines the steps in effect have (engine and App Store lines, not scenario notes).
  var stepLogLineCount: Int {
    var count = simulation.tokens.appliedSteps.reduce(0) { $0 + $1.outcome.log.count }
    for position in stride(from: 1, through: simulation.position, by: 1) {
      let entry = simulation.entry(position)
      if entry.purchase != nil || entry.backend != nil { count += 1 }
      count += entry.storeEvents.count
    }
    return count
  }

  /// The App Store's log lines of the step that led to `position`, oldest first.
  func storeLogLines(at position: Int) -> [LogLine] {
    guard position > 0 else { return [] }
    return simulation.entry(position).storeEvents.map { event in
      LogLine(time: event.time, label: "store", labelStyle: Theme.active, message: storeText(event))
    }
  }

  /// The next moment of the App Store (renewal, grace end, retry), if one lies ahead.
  var nextStoreMoment: VirtualTime? {
    try? store.state.resolve(CommerceClockTarget())
  }

  /// `v`: the clock to the selected customer's next renewal, as if it came now.
  mutating func renewNow() {
    guard let customer = selectedCustomerId, store.state.customer(customer) != nil else {
      status = StatusMessage(.info, "select a customer with purchases first (b buys)")
      return
    }
    // `advance to next renewal of CUSTOMER`, as a scenario line says it; during billing retry,
    // whose charge attempts are the renewals still to come, `advance to next retry of CUSTOMER`.
    var firstRefusal: SimulationError?
    for kind in [CommerceDueKind.renewal, .retry] {
      do throws(SimulationError) {
        _ = try store.state.resolve(CommerceClockTarget(kind: kind, customer: customer))
        moveClock(to: .commerce(kind, customer: customer, offset: 0))
        return
      } catch {
        firstRefusal = firstRefusal ?? error
      }
    }
    status = StatusMessage(.info, firstRefusal?.message ?? "no renewal lies ahead", givesReason: true)
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
    purchasesPane.isShown.toggle()
    status = StatusMessage(
      .info,
      showsPurchases
        ? (storeHasProducts
          ? "App Store purchases of the selected customer: b buys, Enter shows a transaction, p shows tokens"
          : "this world's App Store sells nothing (a scenario's product lines, or the demo world, add products)")
        : "tokens of the selected customer")
  }
}
