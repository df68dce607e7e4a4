import ExternalPurchaseTokens
import LifecycleSimulator

extension ScenarioRecorder {
  /// The expectations that say what a recorded step did: a token (its type, and whether it
  /// opened a period, repeated the previous answer or refreshed it), nil, `isEligible`, a throw
  /// with its reason, periods a lifecycle event started, periods a clock move ended.
  ///
  /// `world` is the world right after the step. `answers` follows the custom link answers in order, as the runner does, so `new period`,
  /// `same id` and `refreshed id` compare with the same earlier answer the runner will.
  static func observedExpectations(
    of step: Simulation.Step, in world: WorldState, answers: inout AnswerMemory
  ) -> [ExpectationKind] {
    switch step.outcome.result {
    case .token(.token(let index, _)):
      let issued = world.tokens[index]
      var kinds: [ExpectationKind] = [.token]
      if let type = issued.token.tokenType { kinds.append(.field(.tokenType, .text(type.rawValue))) }
      if let relation = answers.remember(issued) { kinds += relationExpectations(issued, relation) }
      return kinds
    case .token(.noToken): return [.nothing]
    case .token(.notEligible(let reason)), .eligibility(.notEligible(let reason)),
      .legacy(.unavailable(let reason)):
      return [.notEligible(reason: reason.code)]
    case .eligibility(.eligible): return [.eligible]
    case .legacy(.token(let index)):
      return [.token, .field(.tokenType, .absent), .environment(world.tokens[index].token.environment)]
    case .lifecycle(let started):
      return periodStates(started, in: world, state: .active)
    case .clock(_, _, let expired):
      return periodStates(expired, in: world, state: .expired)
    case .changed: return []
    }
  }

  /// `new period` for an answer from another period than the previous answer's; otherwise
  /// `same period` and whether the id is the previous answer's or a refreshed one.
  private static func relationExpectations(_ issued: IssuedToken, _ relation: AnswerMemory.Relation)
    -> [ExpectationKind]
  {
    guard relation.isSamePeriod, let previous = relation.previous?.token else { return [.newPeriod] }
    return [
      .samePeriod, previous.externalPurchaseId == issued.token.externalPurchaseId ? .sameId : .refreshedId,
    ]
  }

  /// One state line per customer and type among `periods`, as the world stands after the step
  /// (a clock move can end one period; nothing starts another on the way).
  private static func periodStates(_ periods: [Int], in world: WorldState, state: PeriodState)
    -> [ExpectationKind]
  {
    var seen: Set<String> = []
    var kinds: [ExpectationKind] = []
    for id in periods {
      let period = world.periods[id]
      guard seen.insert("\(period.customerId) \(period.type.rawValue)").inserted else { continue }
      let actual: PeriodState =
        world.activePeriod(of: period.customerId, type: period.type) != nil ? .active : state
      kinds.append(.state(type: period.type, state: actual, customer: .named(period.customerId)))
    }
    return kinds
  }
}
