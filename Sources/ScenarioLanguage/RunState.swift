import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// The run's memory between steps: the one simulation, and what expectations compare against.
struct RunState<Tokens: TokenEngine> {
  /// The token world and the App Store the steps change: with its history for the terminal UI,
  /// without for `epsim run`.
  var simulation: WorldSimulation<Tokens>
  /// Earlier answers, for `new period`, `same period`, `same id`, ...
  var answers = AnswerMemory()
  /// The answer of the latest step that is not an `expect` line.
  var lastAnswer: StepAnswer?

  /// A run on `tokens`, with the App Store the setup lines declare (none without `product` lines).
  init(tokens: Tokens, setup: [Statement]) {
    simulation = WorldSimulation(tokens: tokens, store: CommerceWorld(setup: setup, world: tokens.world))
  }

  var world: WorldState { simulation.world }
  /// The App Store beside the world; nil when the scenario declares no product.
  var commerce: CommerceWorld? { simulation.store }
  /// The customer of the last device a step used: the default for `for` and `of`.
  var lastCustomer: String? { simulation.lastCustomer }

  /// Applies one step, then checks its expectations.
  mutating func perform(_ statement: Statement) throws(RunFailureAt) -> TranscriptEntry {
    var action = "check"
    var result: StepResult?
    var notes: [CommerceNote] = []
    if case .command(let command) = statement.kind {
      let applied: WorldSimulation<Tokens>.Applied
      do {
        applied = try simulation.apply(command, origin: .scenario)
      } catch {
        throw RunFailureAt(statement: statement, message: error.message)
      }
      let store = commerce?.state
      notes = store.map { store in applied.storeEvents.map { CommerceNote($0, in: store) } } ?? []
      if case .commerce = command {
        action =
          notes.isEmpty
          ? ScenarioWriter.statement(statement.kind) : notes.map(\.summary).joined(separator: "; ")
        result = .changed
        lastAnswer = StepAnswer(result: .changed, commerce: notes)
      } else if let last = applied.tokenSteps.last {
        // The engine's summary of a rules change names only the environment; say which rule.
        let summaries = applied.tokenSteps.map { step in
          if case .setRules = step.event {
            "rules: " + ScenarioWriter.statement(statement.kind)
          } else {
            step.summary
          }
        }
        action = summaries.count == 1 ? summaries[0] : summaries.joined(separator: "; ")
        result = record(last.result, of: statement)
        if case .advance = command { lastAnswer?.commerce = notes }
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
    let url = issued.linkOutURL
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
