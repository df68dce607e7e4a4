/// How the expectations of a stepped scenario went, for the total at its end.
struct ScenarioTotals: Hashable, Sendable {
  var passed = 0
  var failed = 0
  /// Lines the engine refused.
  var refused = 0

  /// "7 pass, 1 FAIL, 0 refused".
  var summary: String { "\(passed) pass, \(failed) FAIL, \(refused) refused" }
}
