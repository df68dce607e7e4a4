import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import WorldCommands

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
    } else if case .command(.commerce(let step)) = statement.kind, let customer = step.customer {
      lastCustomer = customer
    }
    if !commerceBuilt {
      commerce = CommerceWorld(setup: setup, world: world)
      commerceBuilt = true
    }
    var action = "check"
    var result: StepResult?
    var notes: [CommerceNote] = []
    if case .command(.commerce(let step)) = statement.kind {
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
      if case .command(.advance) = statement.kind {
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

  /// The engine events a statement stands for: its command's, resolved as every door resolves it.
  func events(for statement: Statement) throws(RunFailureAt) -> [WorldEvent] {
    guard let command = statement.kind.command else { return [] }
    do {
      return try command.worldEvents(in: world, commerce: commerce, lastCustomer: lastCustomer)
    } catch {
      throw RunFailureAt(statement: statement, message: error.message)
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
    if case .command(.request(let type, _)) = statement.kind { answer.requestedType = type }
    if case .command(.requestTyped(let request, _)) = statement.kind {
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
