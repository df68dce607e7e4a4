import CommerceSimulation
import LifecycleSimulator

extension ScenarioRunner {
  /// Runs a scenario and returns its transcript with the world the run left behind, for commands
  /// that work on a scenario's final world (`epsim report`, `epsim serve`).
  public func runKeepingWorld(_ scenario: Scenario, file: String) -> (
    transcript: Transcript, world: WorldState
  ) {
    execute(scenario, file: file)
  }

  /// Like `runKeepingWorld`, with the App Store the scenario leaves (nil when it declares no
  /// product): what `epsim serve --scenario` starts from.
  public func runKeepingCommerce(_ scenario: Scenario, file: String) -> (
    transcript: Transcript, world: WorldState, commerce: CommerceWorld?
  ) {
    executeKeepingCommerce(scenario, file: file)
  }
}
