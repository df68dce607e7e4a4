import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// Apple's checks of one report against the simulated world and what was accepted before
/// (SPEC 7). It finds every error rather than stopping at the first, as a backend fixing a
/// report wants to see them all.
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
    var errors: [ReportError] = []
    if UUID(uuidString: report.requestIdentifier) == nil {
      errors.append(
        ReportError(
          .invalidRequestIdentifier, "requestIdentifier '\(report.requestIdentifier)' is not a UUID",
          fieldName: "requestIdentifier"))
    }
    guard let issued = token(report.externalPurchaseId) else {
      errors.append(
        ReportError(
          .externalPurchaseIdNotFound,
          "no \(ledger.environment.rawValue) token has externalPurchaseId '\(report.externalPurchaseId)'",
          fieldName: "externalPurchaseId"))
      return errors
    }
    errors += statusErrors(report, issued: issued)
    if report.status == .lineItem, let items = report.lineItems {
      errors += LineItemRules(world: world, ledger: ledger, token: issued.token).errors(for: items)
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

  private func statusErrors(_ report: ExternalPurchaseReport, issued: IssuedToken) -> [ReportError] {
    var errors: [ReportError] = []
    let itemCount = report.lineItems?.count ?? 0
    if report.status.allowsLineItems, itemCount == 0 {
      errors.append(
        ReportError(
          .missingLineItemsForStatus, "status LINE_ITEM needs at least one line item", fieldName: "lineItems")
      )
    }
    if !report.status.allowsLineItems, itemCount > 0 {
      errors.append(
        ReportError(
          .lineItemsNotAllowedForStatus, "status \(report.status.rawValue) carries no line items",
          fieldName: "lineItems"))
    }
    if report.status == .duplicateToken, let reason = duplicateTokenRefusal(issued) {
      errors.append(ReportError(.duplicateTokenStatusNotAllowed, reason, fieldName: "status"))
    }
    if ledger.statuses[report.externalPurchaseId] == .lineItem,
      report.status == .noLineItem || report.status == .unrecognizedToken
    {
      errors.append(
        ReportError(
          .lineItemStatusRegression,
          "the token was reported as LINE_ITEM and cannot become \(report.status.rawValue)",
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
