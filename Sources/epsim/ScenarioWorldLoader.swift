import CommerceSimulation
import Foundation
import LifecycleSimulator
import ScenarioLanguage

/// Reads, parses and runs a scenario file and hands back the world it leaves, for the commands
/// that work on a scenario's final world (`epsim report`, `epsim serve`).
enum ScenarioWorldLoader {
  /// The final world, or a message saying what is wrong and where (file:line:column).
  static func world(from file: String) -> Result<WorldState, ScenarioLoadError> {
    worlds(from: file).map(\.world)
  }

  /// The final world and the App Store the scenario leaves beside it (nil without products).
  static func worlds(from file: String) -> Result<
    (world: WorldState, commerce: CommerceWorld?), ScenarioLoadError
  > {
    // The same reading and the same words as `epsim run`: missing, empty, binary, UTF-16, oversized.
    let text: String
    do throws(ScenarioFile.ReadError) {
      text = try ScenarioFile.read(path: file)
    } catch {
      return .failure(ScenarioLoadError(error.description))
    }
    return worlds(text: text, file: file)
  }

  /// The same for a scenario's text (kept in a state directory), named `file` in messages.
  static func worlds(text: String, file: String) -> Result<
    (world: WorldState, commerce: CommerceWorld?), ScenarioLoadError
  > {
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse(text, file: file)
    } catch {
      return .failure(ScenarioLoadError(error.errors.map(\.description).joined(separator: "\n")))
    }
    // What its `storekit` line's file held that epsim ignores: said once, as `epsim run` does.
    let notes = scenario.storekitNotes(file: file)
    if !notes.isEmpty { StandardError.write(notes.joined(separator: "\n")) }
    let (transcript, world, commerce) = ScenarioRunner().runKeepingCommerce(scenario, file: file)
    if let failure = transcript.failure {
      // A refused step leaves a world other than the one the file describes.
      return .failure(
        ScenarioLoadError(
          "\(file):\(failure.location.line):\(failure.location.column): the engine refused "
            + "'\(failure.statement)': \(failure.message)"))
    }
    return .success((world, commerce))
  }
}

/// Why a scenario gave no world; the message names the file and, when known, the line.
struct ScenarioLoadError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
