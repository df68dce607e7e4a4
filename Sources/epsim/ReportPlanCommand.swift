import ArgumentParser
import ExternalPurchaseReports
import Foundation
import LifecycleSimulator

/// `epsim report plan`: the report each token of a scenario's final world needs.
struct ReportPlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "List the report each token of a scenario's final world needs, with ready request bodies.",
    discussion: """
      Runs the scenario, then plans one report per token handed out by --at (default: the \
      world's final time): LINE_ITEM, NO_LINE_ITEM or DUPLICATE_TOKEN, with the reason and the \
      time by which Apple expects it. The world has no purchases, so every token is NO_LINE_ITEM \
      unless --sample-line-items places a sample purchase on each token that can carry one.

      Exit status: 0 ok, 2 when the scenario cannot be read or run, or an option is wrong.
      """
  )

  @Argument(help: "The .epsim scenario whose final world is planned.")
  var scenario: String

  @Option(help: "Plan at this virtual time: ISO 8601 UTC (2026-03-01T09:00:00Z) or UNIX milliseconds.")
  var at: String?

  @Flag(help: "Place a sample purchase a minute after each token that can carry transactions.")
  var sampleLineItems = false

  @Flag(help: "Print one JSON document: the plans with their request bodies.")
  var json = false

  func run() throws {
    let world = try ReportCLI.loadWorld(scenario, command: "report plan")
    let time = try at.map { try ReportCLI.parseTime($0, option: "--at", command: "report plan") } ?? world.now
    let purchases = sampleLineItems ? PlannedPurchase.samples(for: world, at: time) : []
    let plans = ReportPlanner(purchases: purchases).plan(for: world, at: time)
    if json {
      print(ReportCLI.json(plans))
    } else {
      print(text(plans, at: time), terminator: "")
    }
  }

  private func text(_ plans: [PlannedReport], at time: VirtualTime) -> String {
    guard !plans.isEmpty else { return "No tokens by \(ISOTime.string(time)).\n" }
    var lines = [
      "Reports for \(plans.count) token\(plans.count == 1 ? "" : "s") at \(ISOTime.string(time)), "
        + "each with its body for PUT /externalPurchase/v1/reports:"
    ]
    for plan in plans {
      let type = plan.tokenType?.rawValue ?? "plain"
      let state = plan.isComplete ? "due by" : "open until"
      lines.append(
        "  \(plan.customerId) \(type) \(plan.externalPurchaseId): \(plan.status.rawValue) "
          + "(\(state) \(ISOTime.string(plan.dueBy))) - \(plan.reason)")
      lines.append("    " + String(decoding: plan.report.jsonData(), as: UTF8.self))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
