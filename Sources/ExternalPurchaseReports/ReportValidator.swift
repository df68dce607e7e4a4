import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// Apple's checks of one report against the simulated world and what was accepted before
/// (SPEC 7). It finds every error rather than stopping at the first, as a backend fixing a
/// report wants to see them all, and checks the readable parts of a body that did not fully
/// parse. Only a body that is not a JSON object stops every check.
public struct ReportValidator {
  public let world: WorldState
  public let ledger: ReportLedger
  /// The world's tokens by id; built here when the caller has none at hand.
  public let lookup: TokenLookup

  public init(world: WorldState, ledger: ReportLedger, lookup: TokenLookup? = nil) {
    self.world = world
    self.ledger = ledger
    self.lookup = lookup ?? TokenLookup(world: world)
  }

  /// Every rule the report breaks; empty when Apple would accept it.
  public func errors(for report: ExternalPurchaseReport) -> [ReportError] {
    errors(for: PartialReport(report))
  }

  /// The shape errors of an unusable body followed by every rule its readable parts break.
  public func errors(for body: UnusableReportBody) -> [ReportError] {
    body.errors + (body.partial.map { errors(for: $0) } ?? [])
  }

  /// Every rule the readable parts of a report break. A field that did not parse is skipped by
  /// the rules that need it (its shape error already names it); everything else is checked.
  public func errors(for report: PartialReport) -> [ReportError] {
    var errors: [ReportError] = []
    if let requestIdentifier = report.requestIdentifier, UUID(uuidString: requestIdentifier) == nil {
      errors.append(
        ReportError(
          .invalidRequestIdentifier, "requestIdentifier '\(requestIdentifier)' is not a UUID",
          fieldName: "requestIdentifier"))
    }
    var issued: IssuedToken?
    if let externalPurchaseId = report.externalPurchaseId {
      issued = token(externalPurchaseId)
      if issued == nil {
        errors.append(
          ReportError(
            .externalPurchaseIdNotFound,
            "no \(ledger.environment.rawValue) token has externalPurchaseId '\(externalPurchaseId)'",
            fieldName: "externalPurchaseId"))
      }
    }
    if let status = report.status {
      errors += statusErrors(report, status: status, issued: issued)
    }
    // Line items are checked unless the status rules them out (that error is already listed).
    if report.status == nil || report.status == .lineItem {
      errors += LineItemRules(world: world, ledger: ledger, token: issued?.token).errors(
        for: report.lineItems)
    }
    return errors
  }

  /// The issued token with this id in the ledger's environment; the other environment's tokens
  /// are unknown here, as Apple keeps the two apart.
  func token(_ externalPurchaseId: String) -> IssuedToken? {
    guard let index = lookup.index(of: externalPurchaseId), index < world.tokens.count else { return nil }
    let issued = world.tokens[index]
    return issued.token.environment == ledger.environment ? issued : nil
  }

  private func statusErrors(_ report: PartialReport, status: ReportStatus, issued: IssuedToken?)
    -> [ReportError]
  {
    var errors: [ReportError] = []
    let itemCount = report.lineItemCount
    if status.allowsLineItems, itemCount == 0 {
      errors.append(
        ReportError(
          .missingLineItemsForStatus, "status LINE_ITEM needs at least one line item", fieldName: "lineItems")
      )
    }
    if !status.allowsLineItems, let itemCount, itemCount > 0 {
      errors.append(
        ReportError(
          .lineItemsNotAllowedForStatus, "status \(status.rawValue) carries no line items",
          fieldName: "lineItems"))
    }
    if status == .duplicateToken, let issued, let reason = duplicateTokenRefusal(issued) {
      errors.append(ReportError(.duplicateTokenStatusNotAllowed, reason, fieldName: "status"))
    }
    if let externalPurchaseId = report.externalPurchaseId, ledger.statuses[externalPurchaseId] == .lineItem,
      status == .noLineItem || status == .unrecognizedToken
    {
      errors.append(
        ReportError(
          .lineItemStatusRegression,
          "the token was reported as LINE_ITEM and cannot become \(status.rawValue)",
          fieldName: "status"))
    }
    return errors
  }

  /// Why DUPLICATE_TOKEN is wrong for this token, or nil when it is allowed: only ACQUISITION
  /// and SERVICES tokens whose period holds another token (a refresh) may be duplicates.
  private func duplicateTokenRefusal(_ issued: IssuedToken) -> String? {
    guard let type = issued.token.tokenType else {
      return "DUPLICATE_TOKEN applies to ACQUISITION and SERVICES tokens, not to plain tokens"
    }
    guard type == .acquisition || type == .services else {
      return "DUPLICATE_TOKEN applies to ACQUISITION and SERVICES tokens, not to \(type.rawValue)"
    }
    guard let periodId = issued.periodId, world.periods[periodId].tokenIndexes.count > 1 else {
      return "no other token shares this token's active period, so none can carry its transactions"
    }
    return nil
  }
}
