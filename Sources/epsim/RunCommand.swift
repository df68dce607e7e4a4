import ArgumentParser
import FileOutput
import FixtureGenerator
import Foundation
import ScenarioLanguage

/// `epsim run`: runs scenario files and checks every expectation in them.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run .epsim scenario files and check their expectations.",
    discussion: """
      Every file is parsed before anything runs; one invalid file stops the whole command. \
      The language is described in docs/scenarios.md.

      Exit status: 0 when every expectation holds, 1 when one fails or the engine refuses a \
      step, 2 when a file cannot be read or is not valid, or the options are wrong.
      """
  )

  @Argument(help: "Scenario files to run, in order.")
  var files: [String] = []

  @Option(help: "Report format: text, json or junit.")
  var format: String = "text"

  // Unconditional, so `--seed -3` reaches the check below instead of reading as a flag.
  @Option(parsing: .unconditional, help: "Use this seed instead of each file's seed line.")
  var seed: String?

  @Option(help: "Write the report to this file (all or nothing) instead of standard output.")
  var output: String?

  func run() throws {
    guard let format = ReportFormat(rawValue: format) else {
      throw usage("--format must be text, json or junit, found '\(format)'")
    }
    var seedOverride: UInt64?
    if let seed {
      guard let value = UInt64(seed) else {
        throw usage("--seed must be a whole number from 0 to \(UInt64.max), found '\(seed)'")
      }
      seedOverride = value
    }
    guard !files.isEmpty else { throw usage("expected at least one scenario file") }

    let scenarios = try parseAll()
    let runner = ScenarioRunner(seedOverride: seedOverride)
    if format == .text && output == nil {
      return try streamText(scenarios, runner: runner)
    }
    let transcripts = scenarios.map { runner.run($0.scenario, file: $0.file) }
    let report = format.render(transcripts)
    if let output {
      do throws(FileOutputError) {
        try AtomicFile.write(Array(report.utf8), to: output)
      } catch {
        throw usage(error.description)
      }
    } else {
      FileHandle.standardOutput.write(Data(report.utf8))
    }
    let problems = transcripts.flatMap(TranscriptText.problems)
    if !problems.isEmpty {
      StandardError.write(problems.joined(separator: "\n"))
      throw ExitCode.checkFailed
    }
  }

  /// The text report on standard output, written as each scenario finishes instead of kept
  /// for the end: a thousand files would otherwise hold every transcript in memory. The bytes
  /// are those of `TranscriptText.document` (scenarios separated by a blank line).
  private func streamText(_ scenarios: [(file: String, scenario: Scenario)], runner: ScenarioRunner) throws {
    var problems: [String] = []
    var pending: [UInt8] = []
    for (index, parsed) in scenarios.enumerated() {
      let transcript = runner.run(parsed.scenario, file: parsed.file)
      if index > 0 { pending.append(UInt8(ascii: "\n")) }
      pending.append(contentsOf: TranscriptText.scenario(transcript).utf8)
      if pending.count >= 1 << 16 {
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
      }
      problems += TranscriptText.problems(transcript)
    }
    if !pending.isEmpty { FileHandle.standardOutput.write(Data(pending)) }
    if !problems.isEmpty {
      StandardError.write(problems.joined(separator: "\n"))
      throw ExitCode.checkFailed
    }
  }

  /// Reads and parses every file; reports every unreadable or invalid file before failing.
  private func parseAll() throws -> [(file: String, scenario: Scenario)] {
    var parsed: [(String, Scenario)] = []
    var errors: [String] = []
    for file in files {
      let text: String
      do {
        text = try ScenarioFile.read(path: file)
      } catch {
        errors.append(error.description)
        continue
      }
      do {
        parsed.append((file, try ScenarioParser.parse(text, file: file)))
      } catch {
        errors.append(contentsOf: error.errors.map(\.description))
      }
    }
    guard errors.isEmpty else {
      StandardError.write(errors.joined(separator: "\n"))
      throw ExitCode.usage
    }
    return parsed
  }

  private func usage(_ message: String) -> ExitCode {
    ReportCLI.usage("run", message)
  }
}

/// The report formats of `epsim run`.
enum ReportFormat: String {
  case text, json, junit

  func render(_ transcripts: [Transcript]) -> String {
    switch self {
    case .text: return TranscriptText.document(transcripts)
    case .json: return TranscriptJSON.document(transcripts)
    case .junit: return TranscriptJUnit.document(transcripts)
    }
  }
}

/// Writes lines to standard error.
enum StandardError {
  static func write(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
