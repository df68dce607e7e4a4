import ExternalPurchaseTokens
import LifecycleSimulator

/// What earlier custom link answers a run has seen, so that `new period`, `same period`, `same id`
/// and `refreshed id` can compare an answer with the one before it.
///
/// Shared by the runner (which checks these expectations) and the recorder (which writes them), so
/// a recorded expectation means exactly what the runner will check.
struct AnswerMemory: Sendable {
  /// The latest token answered to each customer for each type.
  private var previousAnswers: [AnswerKey: IssuedToken] = [:]

  private struct AnswerKey: Hashable {
    var customer: String
    var type: CustomLinkTokenType
  }

  /// How one answer relates to the earlier ones.
  struct Relation {
    /// The previous answer for the same customer and type, before this one.
    var previous: IssuedToken?
    /// True when the previous answer came from this token's period (the period itself, by its
    /// identity, never its dates: two periods may share dates). `new period` is its negation,
    /// so exactly one of the two holds for every token answer.
    var isSamePeriod: Bool
  }

  /// Remembers a custom link answer and says how it relates to the earlier ones; nil for plain tokens.
  mutating func remember(_ issued: IssuedToken) -> Relation? {
    guard let periodId = issued.periodId, let type = issued.token.tokenType else { return nil }
    let key = AnswerKey(customer: issued.customerId, type: type)
    let previous = previousAnswers[key]
    previousAnswers[key] = issued
    return Relation(previous: previous, isSamePeriod: previous?.periodId == periodId)
  }
}
