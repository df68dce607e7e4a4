import ArgumentParser

/// `epsim report`: what each token of a scenario's world must be reported as, and Apple's
/// verdict on report bodies (SPEC 7).
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Plan and check External Purchase Server API reports for a scenario's world.",
    subcommands: [ReportPlanCommand.self, ReportCheckCommand.self]
  )
}
