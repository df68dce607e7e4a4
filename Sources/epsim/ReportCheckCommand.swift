import ArgumentParser
import ExternalPurchaseReports
import Foundation
import LifecycleSimulator

/// `epsim report check`: Apple's verdict on report bodies against a scenario's final world.
struct ReportCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check report bodies against a scenario's final world as Apple's server would.",
    discussion: """
      REPORT is one ExternalPurchaseReport JSON object, or an array of them checked in order as \
      if sent one after the other (a later report sees what earlier ones had accepted). Each is \
      accepted or rejected whole; a rejection lists every error with Apple's error name, \
      errorCode and fieldName.

      Exit status: 0 every report accepted, 1 one was rejected, 2 a file cannot be read, is \
      not JSON, or the scenario cannot be run.
      """
  )

  @Argument(help: "The .epsim scenario whose final world the reports are checked against.")
  var scenario: String

  @Argument(help: "A JSON file with one report or an array of reports.")
  var report: String

  @Flag(help: "Print one JSON document with each verdict.")
  var json = false

  func run() throws {
    let world = try ReportCLI.loadWorld(scenario, command: "report check")
    let data: Data
    switch InputFile.contents(of: report) {
    case .success(let contents): data = contents
    case .failure(let problem): throw ReportCLI.usage("report check", problem.description)
    }
    guard let parsed = ReportBodyParser.parseDocument(data) else {
      throw ReportCLI.usage("report check", "\(report): the file is not JSON")
    }
    var ledger = ReportLedger(environment: world.rules.environment)
    let verdicts = parsed.map { result in
      switch result {
      case .failure(let unusable):
        return ReportVerdict.rejected(ReportValidator(world: world, ledger: ledger).errors(for: unusable))
      case .success(let body): return ledger.submit(body, world: world)
      }
    }
    if json {
      print(
        ReportCLI.json(
          verdicts.enumerated().map { CheckedReportDocument(index: $0.offset, verdict: $0.element) }))
    } else {
      print(text(verdicts), terminator: "")
    }
    if verdicts.contains(where: { !$0.errors.isEmpty }) { throw ExitCode.checkFailed }
  }

  private func text(_ verdicts: [ReportVerdict]) -> String {
    var lines: [String] = []
    for (index, verdict) in verdicts.enumerated() {
      let place = verdicts.count == 1 ? report : "\(report): report \(index + 1)"
      switch verdict {
      case .accepted(let body):
        lines.append("\(place): accepted (\(body.status.rawValue) \(body.externalPurchaseId))")
      case .resent(let body): lines.append("\(place): accepted again, a resend of \(body.requestIdentifier)")
      case .rejected(let errors):
        lines.append("\(place): rejected, \(errors.count) error\(errors.count == 1 ? "" : "s"):")
        lines += errors.map { "  \($0)" }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// One verdict in `epsim report check --json`.
struct CheckedReportDocument: Encodable {
  var index: Int
  var accepted: Bool
  var status: Int
  var requestIdentifier: String?
  var errors: [ReportError]

  init(index: Int, verdict: ReportVerdict) {
    self.index = index
    errors = verdict.errors
    accepted = errors.isEmpty
    status = errors.isEmpty ? 200 : 400
    switch verdict {
    case .accepted(let body), .resent(let body): requestIdentifier = body.requestIdentifier
    case .rejected: requestIdentifier = nil
    }
  }
}
