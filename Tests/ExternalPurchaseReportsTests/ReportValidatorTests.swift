import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

@Suite("Report validator: statuses and tokens")
struct ReportStatusRuleTests {
  @Test func acceptsTheReportsEachTokenNeeds() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    let reports = [
      fixture.report(fixture.services, .lineItem, [fixture.buy("li-1", on: fixture.services)]),
      fixture.report(fixture.refreshed, .duplicateToken),
      fixture.report(fixture.acquisition, .noLineItem),
      fixture.report(fixture.plain, .unrecognizedToken),
      fixture.report(fixture.inApp, .lineItem, [fixture.buy("li-2", on: fixture.inApp)]),
    ]
    for report in reports {
      #expect(ledger.submit(report, world: fixture.world) == .accepted(report))
    }
    #expect(ledger.statuses.count == 5)
    #expect(ledger.lineItems.keys.sorted() == ["li-1", "li-2"])
    #expect(ledger.reports(for: fixture.services.token.externalPurchaseId).count == 1)
  }

  @Test func unknownIdsAndTheOtherEnvironmentsTokensAreNotFound() throws {
    let fixture = try ReportWorld()
    var production = fixture.ledger
    var unknown = fixture.report(fixture.services, .noLineItem)
    unknown.externalPurchaseId = "9E1A7C1E-0000-4000-8000-000000000000"
    let errors = production.submit(unknown, world: fixture.world).errors
    #expect(errors.map(\.name) == ["ExternalPurchaseIdNotFoundError"])
    #expect(errors.first?.fieldName == "externalPurchaseId")

    var sandbox = ReportLedger(environment: .sandbox)
    let name = sandbox.errorNames(fixture.report(fixture.services, .noLineItem), world: fixture.world)
    #expect(name == ["ExternalPurchaseIdNotFoundError"], "a production token sent to sandbox is refused")
  }

  @Test func requestIdentifierMustBeAUUID() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    let errors = ledger.submit(
      fixture.report(fixture.plain, .noLineItem, id: "report-1"), world: fixture.world
    )
    .errors
    #expect(errors.map(\.name) == ["InvalidRequestIdentifierError"])
    #expect(errors.first?.fieldName == "requestIdentifier")
  }

  @Test func lineItemStatusNeedsLineItemsAndTheOthersForbidThem() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem), world: fixture.world) == [
        "MissingLineItemsForStatusError"
      ])
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem, []), world: fixture.world) == [
        "MissingLineItemsForStatusError"
      ])
    for status in [ReportStatus.noLineItem, .unrecognizedToken] {
      let report = fixture.report(fixture.plain, status, [fixture.buy("li-1", on: fixture.plain)])
      #expect(ledger.errorNames(report, world: fixture.world) == ["LineItemsNotAllowedForStatusError"])
    }
    #expect(
      ledger.submit(fixture.report(fixture.plain, .noLineItem, []), world: fixture.world).errors.isEmpty)
  }

  @Test func duplicateTokenOnlyForRefreshedAcquisitionAndServicesPeriods() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    for token in [fixture.plain, fixture.inApp, fixture.acquisition] {
      let errors = ledger.submit(fixture.report(token, .duplicateToken), world: fixture.world).errors
      #expect(errors.map(\.name) == ["DuplicateTokenStatusNotAllowedError"])
      #expect(errors.first?.fieldName == "status")
    }
    #expect(
      ledger.submit(fixture.report(fixture.services, .duplicateToken), world: fixture.world).errors.isEmpty)
    // Only the accepted one counts as a duplicate's report (the server stops its reminders).
    #expect(ledger.hasDuplicateTokenReport(fixture.services.token.externalPurchaseId))
    for token in [fixture.plain, fixture.inApp, fixture.acquisition] {
      #expect(!ledger.hasDuplicateTokenReport(token.token.externalPurchaseId))
    }
  }

  @Test func lineItemStatusCannotRegress() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    let first = fixture.report(fixture.inApp, .lineItem, [fixture.buy("li-1", on: fixture.inApp)])
    #expect(ledger.submit(first, world: fixture.world) == .accepted(first))
    for status in [ReportStatus.noLineItem, .unrecognizedToken] {
      #expect(
        ledger.errorNames(fixture.report(fixture.inApp, status), world: fixture.world) == [
          "LineItemStatusRegressionError"
        ])
    }
    let more = fixture.report(fixture.inApp, .lineItem, [fixture.buy("li-2", on: fixture.inApp)])
    #expect(ledger.submit(more, world: fixture.world) == .accepted(more), "more line items may follow")
    #expect(ledger.statuses[fixture.inApp.token.externalPurchaseId] == .lineItem)
  }

  @Test func aRejectedReportChangesNothingAndMayBeResent() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    var item = fixture.buy("li-1", on: fixture.services)
    item.taxAmount = 1
    let bad = fixture.report(
      fixture.services, .lineItem, [fixture.buy("li-0", on: fixture.services), item], id: UUID().uuidString)
    let before = ledger
    #expect(!ledger.submit(bad, world: fixture.world).errors.isEmpty)
    #expect(ledger == before, "nothing of a rejected report is kept, not even its good line item")
    var fixed = bad
    fixed.lineItems?[1].taxAmount = 210
    #expect(
      ledger.submit(fixed, world: fixture.world) == .accepted(fixed), "the same requestIdentifier again")
  }

  @Test func resendingAnAcceptedReportIsIdempotentButItsIdentifierCannotBeReused() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    let report = fixture.report(fixture.plain, .noLineItem)
    #expect(ledger.submit(report, world: fixture.world) == .accepted(report))
    let after = ledger
    #expect(ledger.submit(report, world: fixture.world) == .resent(report))
    #expect(ledger == after)
    var other = fixture.report(fixture.acquisition, .noLineItem)
    other.requestIdentifier = report.requestIdentifier
    let errors = ledger.submit(other, world: fixture.world).errors
    #expect(errors.map(\.name) == ["DuplicateValueError"])
    #expect(errors.first?.fieldName == "requestIdentifier")
  }
}

@Suite("Report validator: line items")
struct LineItemRuleTests {
  private func errors(
    _ items: [LineItem], on token: KeyPath<ReportWorld, IssuedToken>, in fixture: ReportWorld
  )
    -> [ReportError]
  {
    var ledger = fixture.ledger
    return ledger.submit(fixture.report(fixture[keyPath: token], .lineItem, items), world: fixture.world)
      .errors
  }

  @Test func creationDateMustFallInTheTokensActiveRange() throws {
    let fixture = try ReportWorld()
    let before = fixture.buy("early", on: fixture.services, offset: -1)
    let found = errors([before], on: \.services, in: fixture)
    #expect(found.map(\.errorCode) == [36])
    #expect(found.first?.name == "LineItemCreationDateOutOfRangeError")
    #expect(found.first?.fieldName == "creationDate")
    #expect(found.first?.lineItemId == "early")
    #expect(
      errors([fixture.buy("start", on: fixture.services, offset: 0)], on: \.services, in: fixture).isEmpty)
  }

  @Test func theExpirationMillisecondIsOutOfRange() throws {
    let fixture = try ReportWorld(rules: .sandbox)  // one-hour tokens, one day has passed
    #expect(
      errors(
        [fixture.buy("last", on: fixture.services, offset: Milliseconds.hour - 1)], on: \.services,
        in: fixture
      )
      .isEmpty)
    #expect(
      errors(
        [fixture.buy("end", on: fixture.services, offset: Milliseconds.hour)], on: \.services, in: fixture
      )
      .map(\.name) == ["LineItemCreationDateOutOfRangeError"])
    #expect(
      errors(
        [fixture.buy("late", on: fixture.plain, offset: 20 * Milliseconds.hour)], on: \.plain, in: fixture
      )
      .isEmpty, "plain tokens have no expiry")
  }

  @Test func futureAndAncientDatesAreRefused() throws {
    var fixture = try ReportWorld()
    let future = fixture.buy("future", on: fixture.plain, offset: Milliseconds.day + 1)
    #expect(errors([future], on: \.plain, in: fixture).map(\.name) == ["FutureDateError"])
    fixture.world.now += 3 * ReportWindows.year
    let old = fixture.buy("old", on: fixture.plain, offset: Milliseconds.day - 1)
    #expect(errors([old], on: \.plain, in: fixture).map(\.name) == ["DateTooFarInPastError"])
    let edge = fixture.buy("edge", on: fixture.plain, offset: Milliseconds.day)
    #expect(errors([edge], on: \.plain, in: fixture).isEmpty, "exactly three years ago is still allowed")
  }

  @Test func taxExclusivePlusTaxMustEqualTaxInclusive() throws {
    let fixture = try ReportWorld()
    var item = fixture.buy("li", on: fixture.plain)
    item.amountTaxInclusive = 1_200
    let found = errors([item], on: \.plain, in: fixture)
    #expect(found.map(\.name) == ["IncorrectAmountTaxInclusiveError"])
    #expect(found.first?.fieldName == "amountTaxInclusive")
  }

  @Test func lineItemIdsAreUniqueWithinAReportAndAcrossTheApp() throws {
    let fixture = try ReportWorld()
    let twice = [fixture.buy("li", on: fixture.plain), fixture.buy("li", on: fixture.plain)]
    let found = errors(twice, on: \.plain, in: fixture)
    #expect(found.map(\.name) == ["DuplicateValueError"])
    #expect(found.first?.fieldName == "lineItemId")

    var ledger = fixture.ledger
    #expect(
      ledger.submit(
        fixture.report(fixture.plain, .lineItem, [fixture.buy("li", on: fixture.plain)]), world: fixture.world
      )
      .errors.isEmpty)
    let again = fixture.report(fixture.inApp, .lineItem, [fixture.buy("li", on: fixture.inApp)])
    #expect(
      ledger.errorNames(again, world: fixture.world) == ["DuplicateValueError"], "never report one twice")
  }

  @Test func fieldsThatGoTogether() throws {
    let fixture = try ReportWorld()
    var subscription = fixture.buy("sub", on: fixture.plain)
    subscription.productType = .subscription
    var oneTime = fixture.buy("one", on: fixture.plain)
    oneTime.subscriptionEvent = .renewal
    var noType = fixture.buy("none", on: fixture.plain)
    noType.productType = nil
    var erroneous = fixture.buy("err", on: fixture.plain)
    erroneous.erroneouslySubmitted = true
    let found = errors([subscription, oneTime, noType, erroneous], on: \.plain, in: fixture)
    #expect(
      found.map(\.name) == [
        "OmittedFieldError", "FieldNotAllowedError", "OmittedFieldError",
        "ErroneouslySubmittedNotRestatementError",
      ])
    #expect(found.map(\.lineItemId) == ["sub", "one", "none", "err"])
  }

  @Test func codesAndQuantityAreChecked() throws {
    let fixture = try ReportWorld()
    var item = fixture.buy("li", on: fixture.plain)
    item.taxCountry = "NL"
    item.reportingCurrency = "eur"
    item.quantity = 0
    let found = errors([item], on: \.plain, in: fixture)
    #expect(found.map(\.fieldName) == ["quantity", "reportingCurrency", "taxCountry"])
  }
}

@Suite("Report validator: refunds and restatements")
struct CorrectionRuleTests {
  private func refund(_ id: String, of reference: String, at date: VirtualTime) -> LineItem {
    LineItem(
      lineItemId: id, creationDate: date, eventType: .refund, productType: nil,
      referenceLineItemId: reference,
      productIdentifier: nil, quantity: nil, amountTaxInclusive: 1_210, amountTaxExclusive: 1_000,
      taxAmount: 210,
      reportingCurrency: "EUR", pricingCurrency: "EUR", taxCountry: "NLD")
  }

  /// A ledger holding one accepted purchase `buy-1` on the plain token.
  private func ledgerWithPurchase(_ fixture: ReportWorld) -> (ReportLedger, LineItem) {
    var ledger = fixture.ledger
    let buy = fixture.buy("buy-1", on: fixture.plain)
    _ = ledger.submit(fixture.report(fixture.plain, .lineItem, [buy]), world: fixture.world)
    return (ledger, buy)
  }

  @Test func refundsReferenceAReportedPurchaseWithinAYear() throws {
    var fixture = try ReportWorld()
    var (ledger, buy) = ledgerWithPurchase(fixture)
    let good = refund("refund-1", of: "buy-1", at: buy.creationDate + 1)
    let report = fixture.report(fixture.plain, .lineItem, [good])
    #expect(ledger.submit(report, world: fixture.world) == .accepted(report), "refund after the token's day")

    let unknown = refund("refund-2", of: "nothing", at: buy.creationDate + 1)
    let errors = ledger.submit(fixture.report(fixture.plain, .lineItem, [unknown]), world: fixture.world)
      .errors
    #expect(errors.map(\.name) == ["ReferencedLineItemNotFoundError"])
    #expect(errors.first?.fieldName == "referenceLineItemId")

    let before = refund("refund-3", of: "buy-1", at: buy.creationDate - 1)
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem, [before]), world: fixture.world) == [
        "ReferencedCreationDateIncompatibleError"
      ])

    fixture.world.now = buy.creationDate + ReportWindows.refund
    let late = refund("refund-4", of: "buy-1", at: fixture.world.now)
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem, [late]), world: fixture.world) == [
        "RefundNotAllowedCreationDateError"
      ])
  }

  @Test func aRefundMayReferenceAPurchaseEarlierInTheSameReport() throws {
    let fixture = try ReportWorld()
    var ledger = fixture.ledger
    let buy = fixture.buy("buy-1", on: fixture.plain)
    let report = fixture.report(
      fixture.plain, .lineItem, [buy, refund("r", of: "buy-1", at: buy.creationDate)])
    #expect(ledger.submit(report, world: fixture.world) == .accepted(report))
  }

  @Test func restatementsCorrectAnAcceptedLineItemWithinAYear() throws {
    var fixture = try ReportWorld()
    var (ledger, buy) = ledgerWithPurchase(fixture)
    var restated = buy
    restated.restatement = true
    restated.amountTaxExclusive = 800
    restated.amountTaxInclusive = 1_010
    let report = fixture.report(fixture.plain, .lineItem, [restated])
    #expect(ledger.submit(report, world: fixture.world) == .accepted(report))
    #expect(ledger.lineItems["buy-1"]?.item.amountTaxExclusive == 800)

    var moved = restated
    moved.creationDate += 1
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem, [moved]), world: fixture.world) == [
        "RestatementCreationDateMismatchError"
      ])

    var missing = fixture.buy("never-sent", on: fixture.plain)
    missing.restatement = true
    #expect(
      ledger.errorNames(fixture.report(fixture.plain, .lineItem, [missing]), world: fixture.world) == [
        "ReferencedLineItemNotFoundError"
      ])

    fixture.world.now = buy.creationDate + ReportWindows.restatement
    var retract = buy
    retract.restatement = true
    retract.erroneouslySubmitted = true
    let errors = ledger.submit(fixture.report(fixture.plain, .lineItem, [retract]), world: fixture.world)
      .errors
    #expect(errors.map(\.errorCode) == [39])
    #expect(errors.first?.name == "RestatementNotAllowedCreationDateError")
  }

  @Test func errorCodesArePublishedOnesOrEpsimsOwnRange() {
    // Apple's values, each from its error object's page.
    let published: [ReportErrorKind: Int64] = [
      .reportingCurrencyMismatch: 2, .omittedField: 4, .fieldNotAllowed: 5, .negativeValueNotAllowed: 15,
      .taxCountryMismatch: 23, .refundReferencedByRefund: 28, .pricingCurrencyMismatch: 32,
      .exchangeRateMismatch: 33, .lineItemCreationDateOutOfRange: 36, .restatementNotAllowedCreationDate: 39,
    ]
    for (kind, code) in published { #expect(kind.code == code, "\(kind.rawValue)") }
    let others = ReportErrorKind.allCases.filter { published[$0] == nil }
    #expect(others.allSatisfy { $0.code > 9000 })
    #expect(Set(ReportErrorKind.allCases.map(\.code)).count == ReportErrorKind.allCases.count)
  }
}
