import ArgumentParser
import CommerceSimulation
import LifecycleSimulator
import ScenarioLanguage

/// `--storekit PATH` of `serve`, `tui` and `generate`: an Xcode `.storekit` file read as the
/// catalog, exactly as a scenario's `storekit` line reads it (docs/storekit.md).
enum StoreKitOption {
  static let help = ArgumentHelp(
    "An Xcode StoreKit configuration (.storekit) whose products and settings the App Store uses.",
    valueName: "path")

  /// The file read, its notes said once on standard error; a bad file exits 2 with its reason.
  static func load(_ path: String, command: String) throws -> StoreKitImport {
    let file: StoreKitImport
    do {
      file = try StoreKitImport.load(path, besideScenario: nil)
    } catch {
      throw ReportCLI.usage(command, error.description)
    }
    for note in file.notes { StandardError.write("epsim \(command): note: \(path): \(note)") }
    return file
  }

  /// The App Store of the file beside `world`.
  static func store(_ path: String, command: String, world: WorldState) throws -> CommerceWorld {
    CommerceWorld(storekit: try load(path, command: command), world: world)
  }
}
