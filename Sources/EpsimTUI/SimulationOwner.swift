import LifecycleSimulator
import WorldCommands

/// The owner of the simulation the terminal UI shows, when it is not the UI: the server running
/// beside it (`epsim tui --serve`), which a backend changes too. The UI makes every change through
/// it and shows the simulation it hands back, so there is one simulation, not two kept in step.
public protocol SimulationOwner: Sendable {
  /// Runs `change` on the owner's simulation as one change and hands back its result and the
  /// simulation after it.
  func change<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result
  ) -> (Result, WorldSimulation<Simulation>)
}

extension TUIState {
  /// Makes a change to the simulation: the UI's own, or the owner's (then shown as it came back).
  mutating func changeSimulation<Result: Sendable>(
    _ change: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Result
  ) -> Result {
    guard let owner else { return change(&simulation) }
    let (result, current) = owner.change(change)
    simulation = current
    return result
  }

  /// Shows the owner's simulation as it is now (a backend changed it between the UI's steps).
  public mutating func show(_ current: WorldSimulation<Simulation>) {
    guard current.revision != simulation.revision else { return }
    simulation = current
    tokensPane.tokensCut(to: world.tokens.count)
    refreshDerived()
  }

  /// The UI driving `owner`'s simulation instead of its own.
  public mutating func attach(to owner: any SimulationOwner, showing current: WorldSimulation<Simulation>) {
    self.owner = owner
    simulation = current
    files.markSaved(simulation.appliedSteps)
    refreshDerived()
  }
}
