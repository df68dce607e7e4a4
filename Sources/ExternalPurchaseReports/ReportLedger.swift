import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// What Apple's side has accepted in one environment: reports by request identifier, each token's
/// reported status, and every line item by id. The validator checks new reports against it.
public struct ReportLedger: Hashable, Sendable {
  /// The environment this ledger belongs to; tokens of the other one are unknown here.
  public let environment: TokenEnvironment
  /// Accepted reports by `requestIdentifier`.
  public private(set) var reports: [String: ExternalPurchaseReport] = [:]
  /// Request identifiers in the order their reports were accepted.
  public private(set) var order: [String] = []
  /// The reported status of each token; `LINE_ITEM` sticks once reported.
  public private(set) var statuses: [String: ReportStatus] = [:]
  /// The latest accepted version of every line item, by `lineItemId`.
  public private(set) var lineItems: [String: AcceptedLineItem] = [:]

  public init(environment: TokenEnvironment) {
    self.environment = environment
  }

  /// Request identifiers of each token's accepted reports, oldest first.
  private var requestIdentifiersByToken: [String: [String]] = [:]
  /// Tokens with an accepted `DUPLICATE_TOKEN` report: asked after every change a server makes,
  /// so kept as a set rather than found by reading each token's reports again.
  private var tokensReportedAsDuplicates: Set<String> = []

  /// Whether an accepted report of this token has the status `DUPLICATE_TOKEN`.
  public func hasDuplicateTokenReport(_ externalPurchaseId: String) -> Bool {
    tokensReportedAsDuplicates.contains(externalPurchaseId)
  }

  /// Accepted reports of one token, oldest first.
  public func reports(for externalPurchaseId: String) -> [ExternalPurchaseReport] {
    (requestIdentifiersByToken[externalPurchaseId] ?? []).compactMap { reports[$0] }
  }

  /// Parses, checks and (only when every check passes) records a request body.
  /// `lookup` is the world's token index, when the caller keeps one.
  public mutating func submit(body: Data, world: WorldState, lookup: TokenLookup? = nil) -> ReportVerdict {
    switch ReportBodyParser.parse(body) {
    case .failure(let unusable):
      return .rejected(ReportValidator(world: world, ledger: self, lookup: lookup).errors(for: unusable))
    case .success(let report): return submit(report, world: world, lookup: lookup)
    }
  }

  /// Checks and (only when every check passes) records a report.
  public mutating func submit(_ report: ExternalPurchaseReport, world: WorldState, lookup: TokenLookup? = nil)
    -> ReportVerdict
  {
    if let earlier = reports[report.requestIdentifier] {
      if earlier == report { return .resent(earlier) }
      return .rejected([
        ReportError(
          .duplicateValue,
          "requestIdentifier \(report.requestIdentifier) belongs to an accepted report with other contents; "
            + "use a new UUID for a new report", fieldName: "requestIdentifier")
      ])
    }
    let errors = ReportValidator(world: world, ledger: self, lookup: lookup).errors(for: report)
    guard errors.isEmpty else { return .rejected(errors) }
    record(report)
    return .accepted(report)
  }

  private mutating func record(_ report: ExternalPurchaseReport) {
    reports[report.requestIdentifier] = report
    order.append(report.requestIdentifier)
    requestIdentifiersByToken[report.externalPurchaseId, default: []].append(report.requestIdentifier)
    if report.status == .duplicateToken { tokensReportedAsDuplicates.insert(report.externalPurchaseId) }
    if statuses[report.externalPurchaseId] != .lineItem {
      statuses[report.externalPurchaseId] = report.status
    }
    for item in report.lineItems ?? [] {
      lineItems[item.lineItemId] = AcceptedLineItem(
        item: item, externalPurchaseId: report.externalPurchaseId, requestIdentifier: report.requestIdentifier
      )
    }
  }
}
