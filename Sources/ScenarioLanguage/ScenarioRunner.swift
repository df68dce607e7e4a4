import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Runs a parsed scenario through `Simulation` and records a `Transcript`.
///
/// A step the engine refuses (a `SimulationError`) stops the run: the transcript records the
/// refusal at that statement, and the expectations after it as not run. A failed expectation
/// does not stop the run.
public struct ScenarioRunner: Sendable {
  /// Replaces the scenario's `seed` line when set (`epsim run --seed`).
  public var seedOverride: UInt64?

  public init(seedOverride: UInt64? = nil) {
    self.seedOverride = seedOverride
  }

  public func run(_ scenario: Scenario, file: String) -> Transcript {
    execute(scenario, file: file).transcript
  }

  /// The transcript and the world as the run left it.
  func execute(_ scenario: Scenario, file: String) -> (transcript: Transcript, world: WorldState) {
    let (transcript, world, _) = executeKeepingCommerce(scenario, file: file)
    return (transcript, world)
  }

  /// Runs the scenario and hands back, beside the transcript and world, its App Store: the one the
  /// steps built, or for a scenario without purchase steps the one its setup declares.
  func executeKeepingCommerce(_ scenario: Scenario, file: String) -> (
    transcript: Transcript, world: WorldState, commerce: CommerceWorld?
  ) {
    let (world, setupFailure) = InitialWorld.build(scenario.setup, seedOverride: seedOverride)
    var transcript = Transcript(
      file: file, seed: world.seed, environment: world.rules.environment, start: world.now)
    if let setupFailure { return (stopped(transcript, at: setupFailure, rest: scenario.steps), world, nil) }
    // A file never rewinds, so the run keeps no history and builds no log lines it would not show.
    var run = RunState(tokens: WorldWithoutHistory(world: world), setup: Array(scenario.setup))
    for (offset, statement) in scenario.steps.enumerated() {
      do {
        transcript.entries.append(try run.perform(statement))
      } catch {
        let rest = scenario.steps.dropFirst(offset + 1)
        return (stopped(transcript, at: error, rest: [error.statement] + rest), run.world, run.commerce)
      }
    }
    return (transcript, run.world, run.commerce)
  }

  /// Records an engine refusal and the expectations it left unchecked.
  private func stopped(
    _ transcript: Transcript, at failure: RunFailureAt, rest: some Sequence<Statement>
  ) -> Transcript {
    var transcript = transcript
    transcript.failure = RunFailure(
      location: failure.statement.location, statement: ScenarioWriter.statement(failure.statement.kind),
      message: failure.message)
    transcript.notRun = rest.flatMap(\.expectations).map {
      ExpectationRecord(
        location: $0.location, text: ScenarioWriter.expectation($0.kind), status: .notRun, expected: "",
        actual: "not run: the engine refused line \(failure.statement.location.line)")
    }
    return transcript
  }
}
