import ExternalPurchaseTokens
import LifecycleSimulator

/// The per-line-item checks of a `LINE_ITEM` report (SPEC 7).
struct LineItemRules {
  let world: WorldState
  let ledger: ReportLedger
  /// The reported token; nil when its id is unknown, which skips only the active-range check.
  let token: ExternalPurchaseToken?

  func errors(for items: [LineItem]) -> [ReportError] {
    var errors: [ReportError] = []
    var seen: [String: LineItem] = [:]
    for item in items {
      if seen[item.lineItemId] != nil {
        errors.append(
          ReportError(
            .duplicateValue, "lineItemId \(item.lineItemId) appears more than once in the report",
            fieldName: "lineItemId", lineItemId: item.lineItemId))
      }
      errors += shapeErrors(item) + dateErrors(item) + historyErrors(item, earlierInReport: seen)
      seen[item.lineItemId] = seen[item.lineItemId] ?? item
    }
    return errors
  }

  func error(_ kind: ReportErrorKind, _ detail: String, _ field: String, _ item: LineItem)
    -> ReportError
  {
    ReportError(kind, detail, fieldName: field, lineItemId: item.lineItemId)
  }

  /// Fields that must go together, amounts, codes.
  private func shapeErrors(_ item: LineItem) -> [ReportError] {
    var errors: [ReportError] = []
    if item.amountTaxExclusive + item.taxAmount != item.amountTaxInclusive {
      errors.append(
        error(
          .incorrectAmountTaxInclusive,
          "amountTaxExclusive \(item.amountTaxExclusive) + taxAmount \(item.taxAmount) is "
            + "\(item.amountTaxExclusive + item.taxAmount), not amountTaxInclusive \(item.amountTaxInclusive)",
          "amountTaxInclusive", item))
    }
    errors += fieldErrors(item)
    if let quantity = item.quantity, quantity < 1 {
      errors.append(error(.invalidValue, "quantity must be at least 1, found \(quantity)", "quantity", item))
    }
    for (field, value) in [
      ("reportingCurrency", item.reportingCurrency), ("pricingCurrency", item.pricingCurrency),
      ("taxCountry", item.taxCountry),
    ] where !Self.isThreeUppercaseLetters(value) {
      errors.append(
        error(.invalidValue, "\(field) must be three capital letters, found '\(value)'", field, item))
    }
    if item.isErroneouslySubmitted, !item.isRestatement {
      errors.append(
        error(
          .erroneouslySubmittedNotRestatement, "erroneouslySubmitted needs restatement: true",
          "erroneouslySubmitted", item))
    }
    switch item.eventType {
    case .buy:
      // Checked one by one, not through an array: this runs for every purchase of every report.
      omitted(item.productType == nil, "productType", item, &errors)
      omitted(item.productIdentifier == nil, "productIdentifier", item, &errors)
      omitted(item.quantity == nil, "quantity", item, &errors)
    case .refund:
      if item.referenceLineItemId == nil {
        errors.append(
          error(
            .omittedField, "referenceLineItemId is required with REFUND", "referenceLineItemId", item)
        )
      }
      // Apple's RefundLineItem has none of these: a refund is of the line item it references.
      notAllowed(item.productType != nil, "productType", item, &errors)
      notAllowed(item.productIdentifier != nil, "productIdentifier", item, &errors)
      notAllowed(item.quantity != nil, "quantity", item, &errors)
    }
    if item.productType == .subscription, item.eventType == .buy, item.subscriptionEvent == nil {
      errors.append(
        error(
          .omittedField, "subscriptionEvent is required with SUBSCRIPTION", "subscriptionEvent", item)
      )
    }
    if item.productType == .oneTimeBuy, item.subscriptionEvent != nil {
      errors.append(
        error(
          .fieldNotAllowed, "subscriptionEvent is not allowed with ONE_TIME_BUY", "subscriptionEvent", item))
    }
    return errors
  }

  private func omitted(_ missing: Bool, _ field: String, _ item: LineItem, _ errors: inout [ReportError]) {
    if missing { errors.append(error(.omittedField, "\(field) is required with BUY", field, item)) }
  }

  private func notAllowed(_ present: Bool, _ field: String, _ item: LineItem, _ errors: inout [ReportError]) {
    if present { errors.append(error(.fieldNotAllowed, "\(field) is not allowed with REFUND", field, item)) }
  }

  /// Future dates, dates too old, and purchases outside the token's active range.
  private func dateErrors(_ item: LineItem) -> [ReportError] {
    var errors: [ReportError] = []
    let date = item.creationDate
    if date > world.now {
      errors.append(
        error(
          .futureDate, "creationDate \(ISOTime.string(date)) is after now (\(ISOTime.string(world.now)))",
          "creationDate", item))
    } else if world.now - date > ReportWindows.reportable {
      errors.append(
        error(
          .dateTooFarInPast, "creationDate \(ISOTime.string(date)) is more than three years ago",
          "creationDate", item))
    }
    // Purchases belong to the token's active range; refunds are bounded by what they refund.
    if item.eventType == .buy, let token, !token.isActive(at: date) {
      errors.append(
        error(
          .lineItemCreationDateOutOfRange,
          "creationDate \(ISOTime.string(date)) is outside the token's active range \(activeRange(token))",
          "creationDate",
          item))
    }
    return errors
  }

  private func activeRange(_ token: ExternalPurchaseToken) -> String {
    let end = token.tokenExpirationDate.map { ISOTime.string($0) + ")" } ?? "no expiry)"
    return "[\(ISOTime.string(token.tokenCreationDate)), \(end)"
  }

  /// Rules that depend on what was accepted before: repeats, restatements, refunds.
  private func historyErrors(_ item: LineItem, earlierInReport: [String: LineItem]) -> [ReportError] {
    var errors: [ReportError] = []
    let accepted = ledger.lineItems[item.lineItemId]
    if item.isRestatement {
      if let original = accepted?.item {
        if original.creationDate != item.creationDate {
          errors.append(
            error(
              .restatementCreationDateMismatch,
              "a restatement keeps the original creationDate \(ISOTime.string(original.creationDate))",
              "creationDate", item))
        }
        errors += windowPassed(
          since: original, ReportWindows.restatement, .restatementNotAllowedCreationDate,
          "line items can be restated for one year after their creationDate", "restatement", item)
      } else {
        errors.append(
          error(
            .referencedLineItemNotFound, "no accepted line item \(item.lineItemId) to restate", "lineItemId",
            item))
      }
    } else if accepted != nil {
      errors.append(
        error(
          .duplicateValue, "lineItemId \(item.lineItemId) was already reported; restate it to change it",
          "lineItemId", item))
    }
    if item.eventType == .refund, let reference = item.referenceLineItemId {
      errors += refundErrors(item, reference: reference, earlierInReport: earlierInReport)
    }
    return errors
  }

  private func refundErrors(_ item: LineItem, reference: String, earlierInReport: [String: LineItem])
    -> [ReportError]
  {
    guard let refunded = earlierInReport[reference] ?? ledger.lineItems[reference]?.item else {
      return [
        error(
          .referencedLineItemNotFound, "referenceLineItemId \(reference) names no reported line item",
          "referenceLineItemId", item)
      ]
    }
    // Apple's refund references a buy; the mismatch checks compare with that buy only.
    if refunded.eventType == .refund {
      return [
        error(
          .refundReferencedByRefund,
          "referenceLineItemId \(reference) names a REFUND; a refund references the BUY it refunds",
          "lineItemId", item)
      ]
    }
    var errors = refundMismatchErrors(item, refunded: refunded)
    if refunded.creationDate > item.creationDate {
      errors.append(
        error(
          .referencedCreationDateIncompatible,
          "the refunded line item was created \(ISOTime.string(refunded.creationDate)), after this refund",
          "creationDate", item))
    }
    errors += windowPassed(
      since: refunded, ReportWindows.refund, .refundNotAllowedCreationDate,
      "refunds can be reported for one year after the refunded line item's creationDate", "creationDate", item
    )
    return errors
  }

  /// The error, if any, when `window` has passed since `earlier` was created: `allowed` says what
  /// could be done until then; the message ends with that creation date.
  private func windowPassed(
    since earlier: LineItem, _ window: VirtualDuration, _ kind: ReportErrorKind, _ allowed: String,
    _ field: String, _ item: LineItem
  ) -> [ReportError] {
    guard world.now - earlier.creationDate >= window else { return [] }
    return [error(kind, "\(allowed) \(ISOTime.string(earlier.creationDate))", field, item)]
  }

  static func isThreeUppercaseLetters(_ text: String) -> Bool {
    text.utf8.count == 3 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
  }
}
