import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld

/// How a state directory's world began (`--state DIR`), kept in its manifest: the scenario's text
/// (so the file may change or go without changing the saved world) or the demo world, and the
/// command that started it, whose way of building the first history the journal's steps follow.
struct SavedStart: Codable {
  enum Door: String, Codable {
    /// `epsim serve`: the scenario's final world, its history starting there.
    case serve
    /// `epsim tui --serve`: the scenario's steps as the first steps of the history.
    case tui
  }

  var door: Door
  /// The scenario file as given, for messages; nil for the demo world.
  var scenarioPath: String?
  var scenarioText: String?
  /// The demo world's rules preset (`--rules` of `epsim tui` and `epsim serve`); nil for sandbox.
  var rules: String?
  /// The demo world's `--storekit` file, its text kept so the catalog stays the one it was.
  var storekit: KeptStoreKit?

  /// The demo world's rules: the preset named, else sandbox.
  private var rulesPreset: RulesPreset { rules.flatMap(RulesPreset.init(rawValue:)) ?? .sandbox }

  /// The simulation the server starts from before the journal is replayed; a scenario the engine
  /// now refuses is refused with its message.
  func initialSimulation(command: String) throws -> ServerStart {
    switch door {
    case .serve:
      guard let scenarioText, let scenarioPath else {
        let world = DemoWorld.world(rules: rulesPreset.lifecycleRules)
        guard let storekit else {
          return .world(world, CommerceWorld(products: DemoCatalog.products, world: world))
        }
        return .world(world, try StoreKitOption.store(storekit, command: command, world: world))
      }
      switch ScenarioWorldLoader.worlds(text: scenarioText, file: scenarioPath) {
      case .success(let loaded):
        return .world(loaded.world, loaded.commerce ?? CommerceWorld(products: [], world: loaded.world))
      case .failure(let error): throw ReportCLI.usage(command, error.message)
      }
    case .tui:
      return .simulation(try terminalState(command: command).simulation)
    }
  }

  /// The terminal UI's state as `epsim tui` builds it for this start.
  func terminalState(command: String) throws -> TUIState {
    if let scenarioText, let scenarioPath {
      return try TUICommand.scenarioState(text: scenarioText, file: scenarioPath)
    }
    let world = DemoWorld.world(rules: rulesPreset.lifecycleRules)
    guard let storekit else { return TUIState(world: world, products: DemoCatalog.products) }
    let store = try StoreKitOption.store(storekit, command: command, world: world)
    return TUIState(simulation: Simulation(initial: world), store: store)
  }
}

/// A `.storekit` file as a state directory keeps it: where it was read from, and its text.
struct KeptStoreKit: Codable {
  var path: String
  var text: String
}

/// What a server starts on: a world and its App Store (`epsim serve`), or a simulation with its
/// history (`epsim tui --serve`).
enum ServerStart {
  case world(WorldState, CommerceWorld)
  case simulation(WorldSimulation<Simulation>)

  /// The token world it starts on.
  var world: WorldState {
    switch self {
    case .world(let world, _): world
    case .simulation(let simulation): simulation.world
    }
  }
}
