import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld

/// Steps through a scenario one line at a time on a simulation its caller owns, so the terminal UI
/// can show a scenario's world and apply the file's steps as the user asks, between their own.
///
/// Each step is applied and its expectations checked exactly as `ScenarioRunner` does. Unlike the
/// runner, a refused step does not end anything: the stepper moves past it and the caller decides.
public struct ScenarioStepper: Sendable {
  /// The file name as given, for messages and the `file:line` display.
  public let file: String
  public let scenario: Scenario
  /// The file's lines as written, to show the current one verbatim (comments and all).
  public let sourceLines: [String]
  /// How many of `scenario.steps` have been performed.
  public private(set) var performedCount = 0
  private var run: RunState<Simulation>

  /// What one step did.
  public enum Outcome: Hashable, Sendable {
    /// The step ran; the entry holds its result and its expectations' verdicts.
    case performed(TranscriptEntry)
    /// The engine refused the step; nothing changed.
    case refused(RunFailure)
  }

  /// A stepper over `text`, parsed as `file`; parse errors come back as the parser reports them.
  public init(text: String, file: String) throws(ScenarioParseErrors) {
    let scenario = try ScenarioParser.parse(text, file: file)
    self.init(
      scenario: scenario, file: file,
      sourceLines: text.split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0.hasSuffix("\r") ? $0.dropLast() : $0)
      })
  }

  public init(scenario: Scenario, file: String, sourceLines: [String] = []) {
    self.file = file
    self.scenario = scenario
    self.sourceLines = sourceLines
    // A placeholder: `step(on:)` swaps the caller's simulation in for each step.
    run = RunState(
      tokens: Simulation(
        initial: WorldState(now: 0, rules: .production, app: InitialWorld.defaultApp, seed: 0)),
      setup: [])
  }

  /// The world the setup lines build, or the engine's refusal of one of them (`file:line: message`).
  public func initialWorld() -> Result<WorldState, SetupRefusal> {
    let (world, failure) = InitialWorld.build(scenario.setup, seedOverride: nil)
    if let failure {
      return .failure(
        SetupRefusal(description: "\(file):\(failure.statement.location.line): \(failure.message)"))
    }
    return .success(world)
  }

  /// The statement the next `step` performs, or nil when every step has been performed.
  public var nextStatement: Statement? {
    let steps = scenario.steps
    return performedCount < steps.count ? steps[steps.startIndex + performedCount] : nil
  }

  /// The source text of a statement's line, as written (without its line break).
  public func sourceText(of statement: Statement) -> String {
    let index = statement.location.line - 1
    guard sourceLines.indices.contains(index) else { return ScenarioWriter.line(statement) }
    let line = sourceLines[index]
    return String(
      line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  /// Performs the next statement on `simulation` and checks its expectations; nil when none is left.
  public mutating func step(on simulation: inout WorldSimulation<Simulation>) -> Outcome? {
    guard let statement = nextStatement else { return nil }
    performedCount += 1
    // The run's memory works on the caller's simulation: swapped in and out, never copied.
    swap(&run.simulation, &simulation)
    defer { swap(&run.simulation, &simulation) }
    do {
      return .performed(try run.perform(statement))
    } catch {
      return .refused(
        RunFailure(
          location: statement.location, statement: ScenarioWriter.statement(statement.kind),
          message: error.message))
    }
  }
}

/// The engine refused a setup line of a scenario: `file:line: message`.
public struct SetupRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
}
