import ArgumentParser
import FileOutput
import FixtureGenerator
import Foundation
import ParallelMap
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

  @Option(
    help: ArgumentHelp(
      "Also run the files listed in this file, one path a line ('-' reads the list from standard input).",
      valueName: "list"))
  var filesFrom: String?

  // Optional, so the help shows no number: the default is this machine's, not a constant.
  @Option(
    name: .customLong("jobs"), parsing: .unconditional,
    help:
      "Threads to parse and run files on (default: the number of cores); the report is the same for any number."
  )
  var jobsOption: Int?

  /// `--jobs`, or one thread per core.
  var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

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
    guard (1...256).contains(jobs) else { throw usage("--jobs must be between 1 and 256, found \(jobs)") }
    let files = try self.files + listedFiles()
    guard !files.isEmpty else { throw usage("expected at least one scenario file") }

    let scenarios = try parseAll(files)
    // What a `.storekit` file held that epsim ignores: said once, before the run's report.
    let notes = scenarios.flatMap { $0.scenario.storekitNotes(file: $0.file) }
    if !notes.isEmpty { StandardError.write(notes.joined(separator: "\n")) }
    let runner = ScenarioRunner(seedOverride: seedOverride)
    if format == .text && output == nil {
      return try streamText(scenarios, runner: runner)
    }
    let transcripts = ParallelMap.map(scenarios, jobs: jobs) { runner.run($0.scenario, file: $0.file) }
    var report = format.render(transcripts)
    if format == .text && transcripts.count > 1 {
      var totals = RunTotals()
      transcripts.forEach { totals.add($0) }
      report += "\n" + totals.line
    }
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

  /// The text report on standard output, written a batch of scenarios at a time instead of kept
  /// for the end: a thousand files would otherwise hold every transcript in memory. The bytes
  /// are those of `TranscriptText.document` (scenarios separated by a blank line), whatever `jobs`,
  /// then, over several files, a blank line and the run's total.
  private func streamText(_ scenarios: [ParsedScenario], runner: ScenarioRunner) throws {
    var problems: [String] = []
    var pending: [UInt8] = []
    var isFirst = true
    var totals = RunTotals()
    ParallelMap.forEachBatch(scenarios, jobs: jobs, batchSize: 16 * jobs) { parsed in
      let transcript = runner.run(parsed.scenario, file: parsed.file)
      var counted = RunTotals()
      counted.add(transcript)
      return (
        text: TranscriptText.scenario(transcript), problems: TranscriptText.problems(transcript),
        counted: counted
      )
    } consume: { batch in
      for report in batch {
        if !isFirst { pending.append(UInt8(ascii: "\n")) }
        isFirst = false
        pending.append(contentsOf: report.text.utf8)
        problems += report.problems
        totals.add(report.counted)
      }
      if pending.count >= 1 << 16 {
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
      }
    }
    if scenarios.count > 1 { pending.append(contentsOf: ("\n" + totals.line).utf8) }
    if !pending.isEmpty { FileHandle.standardOutput.write(Data(pending)) }
    if !problems.isEmpty {
      StandardError.write(problems.joined(separator: "\n"))
      throw ExitCode.checkFailed
    }
  }

  /// A file and its scenario, parsed.
  struct ParsedScenario: Sendable {
    var file: String
    var scenario: Scenario
  }

  /// Reads and parses every file (on `jobs` threads); reports every unreadable or invalid file,
  /// in the order given, before failing. A file that cannot be read is the command's error
  /// (`epsim run: PATH: no such file`, as in the other commands); a parse error starts with its
  /// place in the file instead.
  private func parseAll(_ files: [String]) throws -> [ParsedScenario] {
    let outcomes = ParallelMap.map(files, jobs: jobs) { file -> Result<ParsedScenario, ParseFailure> in
      let text: String
      do throws(ScenarioFile.ReadError) {
        text = try ScenarioFile.read(path: file)
      } catch {
        return .failure(ParseFailure(messages: ["epsim run: " + error.description]))
      }
      do throws(ScenarioParseErrors) {
        return .success(ParsedScenario(file: file, scenario: try ScenarioParser.parse(text, file: file)))
      } catch {
        return .failure(ParseFailure(messages: error.errors.map(\.description)))
      }
    }
    var parsed: [ParsedScenario] = []
    var errors: [String] = []
    for outcome in outcomes {
      switch outcome {
      case .success(let scenario): parsed.append(scenario)
      case .failure(let failure): errors += failure.messages
      }
    }
    guard errors.isEmpty else {
      StandardError.write(errors.joined(separator: "\n"))
      throw ExitCode.usage
    }
    return parsed
  }

  /// The paths in the `--files-from` list, in order; blank lines are skipped, and a line is a path
  /// as it stands, spaces included; Windows line ends work too.
  ///
  /// For suites of thousands of files: ArgumentParser takes time quadratic in the number of
  /// arguments (about 40 ms for 1,000 files and 0.5 s for 4,000 on this machine), a list does not.
  private func listedFiles() throws -> [String] {
    guard let filesFrom else { return [] }
    let text: String
    if filesFrom == "-" {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    } else {
      switch InputFile.contents(of: filesFrom) {
      case .success(let data): text = String(decoding: data, as: UTF8.self)
      case .failure(let problem): throw usage("--files-from \(problem)")
      }
    }
    // By Character, "\r\n" is one line break, as "\n" is.
    return text.split(whereSeparator: \.isNewline).map(String.init)
  }

  /// Why one file could not be read or parsed: one message per problem.
  struct ParseFailure: Error {
    var messages: [String]
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
