import ArgumentParser
import Foundation
import LifecycleSimulator

/// Pieces the `epsim report` and `epsim serve` commands share; `usage` serves every command.
enum ReportCLI {
  /// The scenario's final world, or exit 2 with the scenario's own error.
  static func loadWorld(_ file: String, command: String) throws -> WorldState {
    switch ScenarioWorldLoader.world(from: file) {
    case .success(let world): return world
    case .failure(let error): throw usage(command, error.message)
    }
  }

  /// A virtual time from ISO 8601 UTC text or UNIX milliseconds.
  static func parseTime(_ text: String, option: String, command: String) throws -> VirtualTime {
    if let milliseconds = Int64(text) { return milliseconds }
    if let time = ISOTime.parse(text) { return time }
    throw usage(
      command, "\(option) must be ISO 8601 UTC (2026-03-01T09:00:00Z) or UNIX milliseconds, found '\(text)'")
  }

  /// Writes `epsim COMMAND: message` to standard error and returns exit code 2.
  static func usage(_ command: String, _ message: String) -> ExitCode {
    StandardError.write("epsim \(command): \(message)")
    return ExitCode.usage
  }

  /// Pretty JSON with sorted keys.
  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
