import ScenarioLanguage

/// How far the loaded scenario (`epsim tui FILE`) has been stepped through, remembered at each
/// step of history so that undo and redo move the scenario's pointer with the history.
struct ScenarioProgress: Sendable {
  /// The scenario at its next line; nil when none is loaded.
  private(set) var current: ScenarioStepper?
  /// The scenario before its first line.
  private var atStart: ScenarioStepper?
  /// The scenario after each stepped line, by the history position that line left.
  private var states: [Int: ScenarioStepper] = [:]

  init(_ script: ScenarioStepper? = nil) {
    current = script
    atStart = script
  }

  /// A line was stepped: `stepper` is the scenario after it.
  mutating func advance(to stepper: ScenarioStepper) {
    current = stepper
  }

  /// Remembers the current scenario as the one in effect at `position`.
  mutating func remember(at position: Int) {
    states[position] = current
  }

  /// After a move through history: the scenario as it was at `position`.
  mutating func restore(at position: Int) {
    guard let start = atStart else { return }
    current = states.filter { $0.key <= position }.max { $0.key < $1.key }?.value ?? start
  }

  /// Forgets the states after `position` (a new step replaces them after an undo).
  mutating func drop(after position: Int) {
    states = states.filter { $0.key <= position }
  }
}
