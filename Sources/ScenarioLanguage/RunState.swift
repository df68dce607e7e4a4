import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

/// The run's memory between steps: the engine, and what expectations compare against.
struct RunState<Engine: RunEngine> {
  /// The world the steps change: with its history for the terminal UI, alone for `epsim run`.
  var engine: Engine
  /// The customer of the last device a step used: the default for `for` and `of`.
  var lastCustomer: String?
  /// Earlier answers, for `new period`, `same period`, `same id`, ...
  var answers = AnswerMemory()
  /// The answer of the latest step that is not an `expect` line.
  var lastAnswer: StepAnswer?
  /// The setup lines, to build the App Store world from at the first step.
  var setup: [Statement] = []
  /// The App Store world beside the simulation; nil when the scenario declares no product.
  var commerce: CommerceWorld?
  var commerceBuilt = false

  var world: WorldState { engine.world }

  /// Applies one step, then checks its expectations.
  mutating func perform(_ statement: Statement) throws(RunFailureAt) -> TranscriptEntry {
    if let device = statement.kind.device, let owner = world.device(device)?.customerId {
      lastCustomer = owner
    } else if case .commerce(let step) = statement.kind, let customer = step.customer {
      lastCustomer = customer
    }
    if !commerceBuilt {
      commerce = CommerceWorld(setup: setup, world: world)
      commerceBuilt = true
    }
    var action = "check"
    var result: StepResult?
    var notes: [CommerceNote] = []
    if case .commerce(let step) = statement.kind {
      notes = try commerceStep(step, of: statement)
      action =
        notes.isEmpty
        ? ScenarioWriter.statement(statement.kind) : notes.map(\.summary).joined(separator: "; ")
      result = .changed
      lastAnswer = StepAnswer(result: .changed, commerce: notes)
    } else if statement.kind != .expect {
      let events = try events(for: statement)
      var outcome: EventResult?
      var summaries: [String] = []
      for event in events {
        let applied: (result: EventResult, summary: String)
        do {
          applied = try engine.applyStep(event)
          if case .setStorefront = event { notes += try commerceFollow(event) }
        } catch {
          throw RunFailureAt(statement: statement, message: error.message)
        }
        outcome = applied.result
        // The engine's summary of a rules change names only the environment; say which rule.
        if case .setRules = event {
          summaries.append("rules: " + ScenarioWriter.statement(statement.kind))
        } else {
          summaries.append(applied.summary)
        }
      }
      action = summaries.count == 1 ? summaries[0] : summaries.joined(separator: "; ")
      if let outcome { result = record(outcome, of: statement) }
      if case .advance = statement.kind {
        notes += try commerceAdvance(of: statement)
        lastAnswer?.commerce = notes
      }
    }
    var records: [ExpectationRecord] = []
    if !statement.expectations.isEmpty {  // most steps have none; the evaluator copies the world
      let evaluator = ExpectationEvaluator(
        world: world, answer: lastAnswer, lastCustomer: lastCustomer, commerce: commerce)
      records = statement.expectations.map(evaluator.evaluate)
    }
    return TranscriptEntry(
      location: statement.location, statement: ScenarioWriter.statement(statement.kind), action: action,
      time: world.now, result: result, expectations: records, commerce: notes)
  }

  /// The engine events a statement stands for.
  func events(for statement: Statement) throws(RunFailureAt) -> [WorldEvent] {
    switch statement.kind {
    case .environment(let environment): return [.setRules(.preset(environment))]
    case .rule(let setting):
      var rules = world.rules
      setting.apply(to: &rules)
      return [.setRules(rules)]
    case .customer(let id, let canPay): return [.addCustomer(Customer(id: id, canMakePayments: canPay))]
    case .device(let line):
      return InitialWorld.deviceEvents(line, knownCustomers: Set(world.customers.map(\.id)))
    case .install(let device): return [.install(device: device)]
    case .update(let device, let version): return [.update(device: device, version: version)]
    case .redownload(let device): return [.redownload(device: device)]
    case .uninstall(let device): return [.uninstall(device: device)]
    case .request(let type, let device): return [.requestToken(device: device, type: type)]
    case .requestTyped(let request, let device): return [.requestTypedToken(device: device, request: request)]
    case .checkEligibility(let device): return [.checkEligibility(device: device)]
    case .noticeSheet(let device): return [.presentNoticeSheet(device: device)]
    case .linkOut(let device, let url): return [.openLinkOut(device: device, url: url)]
    case .forceRefresh: return [.forceRefresh]
    case .setStorefront(let device, let storefront):
      return [.setStorefront(device: device, storefront: storefront)]
    case .setOS(let device, let version): return [.setOSVersion(device: device, version: version)]
    case .setPayments(let customer, let allowed):
      return [.setCanMakePayments(customer: customer, allowed: allowed)]
    case .advance(.commerce(let kind, let customer, let offset)):
      guard let commerce else {
        throw RunFailureAt(statement: statement, message: "no product is declared, so nothing renews")
      }
      do {
        let target = CommerceClockTarget(kind: kind, customer: customer, offset: offset)
        return [.advanceClock(to: try commerce.state.resolve(target))]
      } catch {
        throw RunFailureAt(statement: statement, message: error.message)
      }
    case .advance(let move):
      do {
        return [.advanceClock(to: try world.resolve(try target(of: move)))]
      } catch {
        throw RunFailureAt(statement: statement, message: error.message)
      }
    case .expect, .demo, .seed, .start, .app, .entitlement, .plist, .product, .commerceSetting, .commerce:
      return []
    }
  }

  /// The engine's clock target, with the default customer filled in.
  func target(of move: ClockMove) throws(SimulationError) -> ClockTarget {
    switch move {
    case .by(let duration): return .by(duration)
    case .to(let time): return .to(time)
    case .nextExpiry(let offset): return .nextExpiry(offset: offset)
    case .expiryOf(let type, let customer, let offset):
      guard let customer = customer ?? lastCustomer else {
        throw SimulationError("no step has used a device yet; name the customer with 'of'")
      }
      return .expiryOf(customer: customer, type: type, offset: offset)
    case .commerce: preconditionFailure("commerce clock targets are resolved by the commerce world")
    }
  }

  /// Turns the engine's result into a transcript result and remembers the answer.
  mutating func record(_ result: EventResult, of statement: Statement) -> StepResult {
    var answer = StepAnswer(result: .changed)
    switch result {
    case .lifecycle(let started):
      answer.result = .lifecycle(started: started.map { PeriodRecord(world.periods[$0]) })
    case .token(.token(let index, let disposition)):
      let issued = world.tokens[index]
      answer.result = .token(tokenRecord(issued, disposition: disposition))
      answer.issued = issued
      if let relation = answers.remember(issued) {
        answer.previous = relation.previous
        answer.isSamePeriod = relation.isSamePeriod
      }
    case .token(.noToken(let reason)): answer.result = .noToken(reason: reason)
    case .token(.notEligible(let reason)), .eligibility(.notEligible(let reason)),
      .legacy(.unavailable(let reason)):
      answer.result = .notEligible(code: reason.code, message: reason.description)
    case .eligibility(.eligible): answer.result = .eligible
    case .legacy(.token(let index)):
      answer.issued = world.tokens[index]
      answer.result = .token(tokenRecord(world.tokens[index], disposition: nil))
    case .clock(let from, let to, let expired):
      answer.result = .clock(from: from, to: to, expired: expired.map { PeriodRecord(world.periods[$0]) })
    case .changed: answer.result = .changed
    }
    if case .request(let type, _) = statement.kind { answer.requestedType = type }
    if case .requestTyped(let request, _) = statement.kind {
      answer.requestedType = world.rules.typedTokenTypes[request]
    }
    lastAnswer = answer
    return answer.result
  }

  func tokenRecord(_ issued: IssuedToken, disposition: TokenDisposition?) -> TokenRecord {
    var url: String?
    if case .linkOut(let opened) = issued.source { url = opened }
    return TokenRecord(
      raw: issued.raw, token: issued.token, customer: issued.customerId, device: issued.deviceId,
      periodOrdinal: issued.periodId.map { world.periods[$0].ordinal }, isRefresh: issued.isRefresh,
      disposition: disposition, url: url, typedRequest: issued.typedRequest)
  }
}

/// A step's answer as expectations see it.
struct StepAnswer {
  var result: StepResult
  /// The token handed out, if any.
  var issued: IssuedToken?
  /// The previous answer for the same customer and type, before this one (custom link tokens only).
  var previous: IssuedToken?
  /// True when the previous answer came from this token's period (`AnswerMemory.Relation`).
  var isSamePeriod = false
  /// The type asked for, when the step was a `request`.
  var requestedType: CustomLinkTokenType?
  /// What the App Store did during the step.
  var commerce: [CommerceNote] = []
}

extension RunState {
  /// Performs a purchase step on the commerce world.
  mutating func commerceStep(_ step: CommerceStep, of statement: Statement) throws(RunFailureAt)
    -> [CommerceNote]
  {
    guard var commerce else {
      throw RunFailureAt(statement: statement, message: "no product is declared; add a 'product' line")
    }
    do {
      let events = try commerce.perform(step, world: world)
      self.commerce = commerce
      return events.map { CommerceNote($0, in: commerce.state) }
    } catch {
      throw RunFailureAt(statement: statement, message: error.message)
    }
  }

  /// Lets the App Store follow a world event (a device's storefront moves its customer's account).
  mutating func commerceFollow(_ event: WorldEvent) throws(SimulationError) -> [CommerceNote] {
    guard var commerce else { return [] }
    let events = try commerce.follow(event, world: world)
    self.commerce = commerce
    return events.map { CommerceNote($0, in: commerce.state) }
  }

  /// Brings the commerce clock to the simulation's after an `advance`.
  mutating func commerceAdvance(of statement: Statement) throws(RunFailureAt) -> [CommerceNote] {
    guard var commerce else { return [] }
    do {
      let events = try commerce.advance(to: world.now)
      self.commerce = commerce
      return events.map { CommerceNote($0, in: commerce.state) }
    } catch {
      throw RunFailureAt(statement: statement, message: error.message)
    }
  }
}
