import ArgumentParser
import CommerceSimulation
import LifecycleSimulator
import ScenarioLanguage
import StoreKitConfig

/// `--storekit PATH` of `serve`, `tui` and `generate`: an Xcode `.storekit` file read as the
/// catalog, exactly as a scenario's `storekit` line reads it (docs/storekit.md).
enum StoreKitOption {
  static let help = ArgumentHelp(
    "An Xcode StoreKit configuration (.storekit) whose products and settings the App Store uses.",
    valueName: "path")

  /// Refuses `--storekit` beside a scenario, which loads its catalog with a `storekit` line.
  static func validate(scenario: String?, storekit: String?) throws {
    if scenario != nil, storekit != nil {
      throw ValidationError(
        "--storekit gives the demo world a catalog; a scenario loads one with a `storekit` line")
    }
  }

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

  /// The file's text, read now, to start from and to keep (`--state`); unreadable files exit 2.
  static func keep(_ path: String, command: String) throws -> KeptStoreKit {
    switch InputFile.contents(of: path) {
    case .success(let data): return KeptStoreKit(path: path, text: String(decoding: data, as: UTF8.self))
    case .failure(let problem): throw ReportCLI.usage(command, problem.description)
    }
  }

  /// The App Store of a kept file's text beside `world`, read as the file was; its notes said once.
  static func store(_ kept: KeptStoreKit, command: String, world: WorldState) throws -> CommerceWorld {
    let file: StoreKitImport
    do {
      file = StoreKitImport(
        try StoreKitReader.read(bytes: Array(kept.text.utf8), file: kept.path), path: kept.path)
    } catch {
      throw ReportCLI.usage(command, error.description)
    }
    for note in file.notes { StandardError.write("epsim \(command): note: \(kept.path): \(note)") }
    return CommerceWorld(storekit: file, world: world)
  }

  /// The App Store of the file beside `world`.
  static func store(_ path: String, command: String, world: WorldState) throws -> CommerceWorld {
    CommerceWorld(storekit: try load(path, command: command), world: world)
  }
}
