/// Per-field checks of a line item that need no other line item: amounts that must not be
/// negative and the exchange rate that goes with two currencies (SPEC 7; Apple's
/// `NegativeValueNotAllowedError`, `OmittedFieldError`, `FieldNotAllowedError`, `exchangeRate`).
extension LineItemRules {
  func fieldErrors(_ item: LineItem) -> [ReportError] {
    var errors: [ReportError] = []
    // The common case (nothing negative) is one comparison and allocates nothing: this runs per
    // line item of every report.
    let lowest = min(
      item.amountTaxInclusive, item.amountTaxExclusive, item.taxAmount, item.netAmountTaxExclusive ?? 0)
    if lowest < 0 {
      let amounts = [
        ("amountTaxInclusive", item.amountTaxInclusive), ("amountTaxExclusive", item.amountTaxExclusive),
        ("taxAmount", item.taxAmount), ("netAmountTaxExclusive", item.netAmountTaxExclusive ?? 0),
      ]
      for (field, value) in amounts where value < 0 {
        errors.append(
          error(
            .negativeValueNotAllowed,
            "\(field) must not be negative, found \(value) (a refund states positive amounts)",
            field, item))
      }
    }
    // Apple's OneTimeBuyLineItem has no referenceLineItemId, its RefundLineItem no
    // subscriptionEvent (a ONE_TIME_BUY's subscriptionEvent is refused with the other shape rules).
    if item.eventType == .buy, item.productType == .oneTimeBuy, item.referenceLineItemId != nil {
      errors.append(
        error(
          .fieldNotAllowed, "referenceLineItemId is not allowed on a ONE_TIME_BUY purchase",
          "referenceLineItemId", item))
    }
    if item.eventType == .refund, item.productType != .oneTimeBuy, item.subscriptionEvent != nil {
      errors.append(
        error(.fieldNotAllowed, "subscriptionEvent is not allowed on a REFUND", "subscriptionEvent", item))
    }
    // Apple's exchangeRate page: required when the two currencies differ, left out when they are
    // the same. A malformed code already has its own error and decides nothing here.
    guard Self.isThreeUppercaseLetters(item.pricingCurrency),
      Self.isThreeUppercaseLetters(item.reportingCurrency)
    else { return errors }
    if item.pricingCurrency != item.reportingCurrency, item.exchangeRate == nil {
      errors.append(
        error(
          .omittedField,
          "exchangeRate is required when pricingCurrency \(item.pricingCurrency) differs from "
            + "reportingCurrency \(item.reportingCurrency)", "exchangeRate", item))
    }
    if item.pricingCurrency == item.reportingCurrency, let rate = item.exchangeRate {
      errors.append(
        error(
          .fieldNotAllowed,
          "exchangeRate \(rate) is not allowed when pricingCurrency and reportingCurrency are both "
            + item.pricingCurrency, "exchangeRate", item))
    }
    return errors
  }

  /// A refund keeps the currencies, exchange rate and tax country of the buy it refunds (Apple's
  /// `ReportingCurrencyMismatchError`, `PricingCurrencyMismatchError`, `ExchangeRateMismatchError`,
  /// `TaxCountryMismatchError`).
  func refundMismatchErrors(_ item: LineItem, refunded: LineItem) -> [ReportError] {
    var errors: [ReportError] = []
    let refundedId = refunded.lineItemId
    let codes: [(ReportErrorKind, String, String, String)] = [
      (.reportingCurrencyMismatch, "reportingCurrency", item.reportingCurrency, refunded.reportingCurrency),
      (.pricingCurrencyMismatch, "pricingCurrency", item.pricingCurrency, refunded.pricingCurrency),
      (.taxCountryMismatch, "taxCountry", item.taxCountry, refunded.taxCountry),
    ]
    for (kind, field, mine, theirs) in codes where mine != theirs {
      errors.append(
        error(
          kind, "\(field) \(mine) differs from \(theirs) of the refunded line item \(refundedId)", field, item
        ))
    }
    // A refund without a rate is already an omitted field when it needs one.
    if let rate = item.exchangeRate, rate != refunded.exchangeRate {
      let theirs = refunded.exchangeRate.map { "\($0)" } ?? "none"
      errors.append(
        error(
          .exchangeRateMismatch,
          "exchangeRate \(rate) differs from \(theirs) of the refunded line item \(refundedId)",
          "exchangeRate", item))
    }
    return errors
  }
}
