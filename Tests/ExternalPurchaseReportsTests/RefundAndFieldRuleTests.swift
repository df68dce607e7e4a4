import ExternalPurchaseReports
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The errors of Apple's reference that compare a refund with the buy it refunds, and the
/// per-field ones (omitted, not allowed, negative), each with Apple's code.
@Suite("Report validator: refund mismatches and field checks")
struct RefundAndFieldRuleTests {
  /// A refund of `reference` an hour after the fixture's buy, with the buy's currencies and country.
  private func refund(_ id: String, of reference: String, _ fixture: ReportWorld) -> LineItem {
    var item = fixture.buy(id, on: fixture.plain, offset: 2 * Milliseconds.hour)
    item.eventType = .refund
    item.productType = nil
    item.productIdentifier = nil
    item.quantity = nil
    item.referenceLineItemId = reference
    return item
  }

  /// A ledger holding the accepted buy `buy-1` (EUR, NLD) on the plain token.
  private func ledgerWithPurchase(_ fixture: ReportWorld, _ buy: LineItem? = nil) -> ReportLedger {
    var ledger = fixture.ledger
    let item = buy ?? fixture.buy("buy-1", on: fixture.plain)
    let verdict = ledger.submit(fixture.report(fixture.plain, .lineItem, [item]), world: fixture.world)
    #expect(verdict.errors.isEmpty)
    return ledger
  }

  private func found(_ items: [LineItem], _ ledger: ReportLedger, _ fixture: ReportWorld) -> [ReportError] {
    var ledger = ledger
    return ledger.submit(fixture.report(fixture.plain, .lineItem, items), world: fixture.world).errors
  }

  @Test func aRefundKeepsTheCurrenciesAndTaxCountryOfItsBuy() throws {
    let fixture = try ReportWorld()
    let ledger = ledgerWithPurchase(fixture)
    #expect(found([refund("r-ok", of: "buy-1", fixture)], ledger, fixture).isEmpty)

    var reporting = refund("r-1", of: "buy-1", fixture)
    reporting.reportingCurrency = "USD"
    reporting.exchangeRate = 1.08
    var pricing = refund("r-2", of: "buy-1", fixture)
    pricing.pricingCurrency = "SEK"
    pricing.exchangeRate = 0.087
    var country = refund("r-3", of: "buy-1", fixture)
    country.taxCountry = "DEU"
    let errors = found([reporting, pricing, country], ledger, fixture)
    #expect(
      errors.map(\.name) == [
        "ReportingCurrencyMismatchError", "ExchangeRateMismatchError", "PricingCurrencyMismatchError",
        "ExchangeRateMismatchError", "TaxCountryMismatchError",
      ])
    #expect(errors.map(\.errorCode) == [2, 33, 32, 33, 23])
    #expect(
      errors.map(\.fieldName) == [
        "reportingCurrency", "exchangeRate", "pricingCurrency", "exchangeRate", "taxCountry",
      ]
    )
    #expect(errors.map(\.lineItemId) == ["r-1", "r-1", "r-2", "r-2", "r-3"])
  }

  @Test func aRefundKeepsTheExchangeRateOfItsBuy() throws {
    let fixture = try ReportWorld()
    var buy = fixture.buy("buy-1", on: fixture.plain)
    buy.pricingCurrency = "SEK"
    buy.exchangeRate = 0.087
    let ledger = ledgerWithPurchase(fixture, buy)
    var same = refund("r-same", of: "buy-1", fixture)
    same.pricingCurrency = "SEK"
    same.exchangeRate = 0.087
    #expect(found([same], ledger, fixture).isEmpty)
    var other = same
    other.lineItemId = "r-other"
    other.exchangeRate = 0.09
    let errors = found([other], ledger, fixture)
    #expect(errors.map(\.name) == ["ExchangeRateMismatchError"])
    #expect(errors.first?.errorMessage.contains("0.087") == true)
  }

  @Test func aRefundCannotReferenceARefund() throws {
    let fixture = try ReportWorld()
    var ledger = ledgerWithPurchase(fixture)
    let first = refund("r-1", of: "buy-1", fixture)
    #expect(
      ledger.submit(fixture.report(fixture.plain, .lineItem, [first]), world: fixture.world).errors.isEmpty)
    var second = refund("r-2", of: "r-1", fixture)
    second.taxCountry = "DEU"  // no mismatch is reported against a refund
    let errors = found([second], ledger, fixture)
    #expect(errors.map(\.name) == ["RefundReferencedByRefundError"])
    #expect(errors.first?.errorCode == 28)
    #expect(errors.first?.fieldName == "lineItemId")
    #expect(errors.first?.lineItemId == "r-2")
    // Also when both are in one report.
    let inOne = found(
      [
        fixture.buy("buy-2", on: fixture.plain), refund("r-3", of: "buy-2", fixture),
        refund("r-4", of: "r-3", fixture),
      ],
      fixture.ledger, fixture)
    #expect(inOne.map(\.name) == ["RefundReferencedByRefundError"])
  }

  @Test func anExchangeRateGoesWithTwoCurrenciesOnly() throws {
    let fixture = try ReportWorld()
    var missing = fixture.buy("missing", on: fixture.plain)
    missing.pricingCurrency = "SEK"
    var needless = fixture.buy("needless", on: fixture.plain)
    needless.exchangeRate = 1
    var given = fixture.buy("given", on: fixture.plain)
    given.pricingCurrency = "SEK"
    given.exchangeRate = 0.087
    let errors = found([missing, needless, given], fixture.ledger, fixture)
    #expect(errors.map(\.name) == ["OmittedFieldError", "FieldNotAllowedError"])
    #expect(errors.map(\.errorCode) == [4, 5])
    #expect(errors.map(\.fieldName) == ["exchangeRate", "exchangeRate"])
    #expect(errors.map(\.lineItemId) == ["missing", "needless"])
  }

  @Test func fieldsApplesLineItemObjectsDoNotHave() throws {
    let fixture = try ReportWorld()
    let ledger = ledgerWithPurchase(fixture)
    var referencing = fixture.buy("buy-2", on: fixture.plain)
    referencing.referenceLineItemId = "buy-1"
    var eventful = refund("r-1", of: "buy-1", fixture)
    eventful.subscriptionEvent = .renewal
    let errors = found([referencing, eventful], ledger, fixture)
    #expect(errors.map(\.name) == ["FieldNotAllowedError", "FieldNotAllowedError"])
    #expect(errors.map(\.fieldName) == ["referenceLineItemId", "subscriptionEvent"])
    #expect(errors.map(\.lineItemId) == ["buy-2", "r-1"])
  }

  /// Apple's RefundLineItem names the line item it refunds and carries no product of its own;
  /// a purchase needs one (OneTimeBuyLineItem, SubscriptionBuyLineItem).
  @Test func aRefundCarriesNoProductAndAPurchaseNeedsOne() throws {
    let fixture = try ReportWorld()
    let ledger = ledgerWithPurchase(fixture)
    var productful = refund("r-1", of: "buy-1", fixture)
    productful.productType = .oneTimeBuy
    productful.productIdentifier = "com.example.gems"
    productful.quantity = 1
    var bare = fixture.buy("buy-2", on: fixture.plain)
    bare.productIdentifier = nil
    bare.quantity = nil
    let errors = found([productful, bare], ledger, fixture)
    #expect(
      errors.map(\.name) == [
        "FieldNotAllowedError", "FieldNotAllowedError", "FieldNotAllowedError", "OmittedFieldError",
        "OmittedFieldError",
      ])
    #expect(
      errors.map(\.fieldName) == [
        "productType", "productIdentifier", "quantity", "productIdentifier", "quantity",
      ])
    #expect(errors.map(\.lineItemId) == ["r-1", "r-1", "r-1", "buy-2", "buy-2"])
  }

  @Test func amountsAreNeverNegative() throws {
    let fixture = try ReportWorld()
    var item = fixture.buy("li", on: fixture.plain)
    item.amountTaxInclusive = -1_210
    item.amountTaxExclusive = -1_000
    item.taxAmount = -210
    item.netAmountTaxExclusive = -1_000
    let errors = found([item], fixture.ledger, fixture)
    #expect(errors.map(\.name) == Array(repeating: "NegativeValueNotAllowedError", count: 4))
    #expect(errors.allSatisfy { $0.errorCode == 15 })
    #expect(
      errors.map(\.fieldName) == [
        "amountTaxInclusive", "amountTaxExclusive", "taxAmount", "netAmountTaxExclusive",
      ])
    var zero = fixture.buy("zero", on: fixture.plain)
    (zero.amountTaxInclusive, zero.amountTaxExclusive, zero.taxAmount) = (0, 0, 0)
    #expect(found([zero], fixture.ledger, fixture).isEmpty, "zero is not negative")
  }

  @Test func aMissingFieldIsApplesOmittedFieldError() throws {
    let fixture = try ReportWorld()
    var item = fixture.buy("li", on: fixture.plain)
    item.productType = nil
    let errors = found([item], fixture.ledger, fixture)
    #expect(errors.map(\.name) == ["OmittedFieldError"])
    #expect(errors.first?.errorCode == 4)
  }
}
