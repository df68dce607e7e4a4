import ExternalPurchaseReports
import Foundation
import Testing

@Suite("Report body parser")
struct ReportBodyParserTests {
  private func errors(_ json: String) -> [ReportError] {
    if case .failure(let response) = ReportBodyParser.parse(Data(json.utf8)) { return response.errors }
    return []
  }

  @Test func parsesAReportWithALineItem() throws {
    let json = """
      {"requestIdentifier":"6C5DA3C5-8D7A-4F5C-9E6B-2F0B4C1E9A11","externalPurchaseId":"X","status":"LINE_ITEM",
       "lineItems":[{"lineItemId":"li-1","creationDate":1772355600000,"eventType":"BUY","productType":"SUBSCRIPTION",
       "subscriptionEvent":"RENEWAL","productIdentifier":"p","quantity":1,"amountTaxInclusive":1210,
       "amountTaxExclusive":1000,"taxAmount":210,"reportingCurrency":"EUR","pricingCurrency":"EUR",
       "exchangeRate":1.5,"taxCountry":"NLD","restatement":false}]}
      """
    let report = try ReportBodyParser.parse(Data(json.utf8)).get()
    #expect(report.status == .lineItem)
    let item = try #require(report.lineItems?.first)
    #expect(item.subscriptionEvent == .renewal)
    #expect(item.exchangeRate == 1.5)
    #expect(item.restatement == false)
    #expect(item.creationDate == 1_772_355_600_000)
  }

  @Test func roundTripsThroughItsOwnJSON() throws {
    let report = ExternalPurchaseReport(
      requestIdentifier: "A", externalPurchaseId: "B", status: .lineItem,
      lineItems: [
        LineItem(
          lineItemId: "1", creationDate: 5, eventType: .refund, productType: .oneTimeBuy,
          referenceLineItemId: "0",
          productIdentifier: "p", amountTaxInclusive: 2, amountTaxExclusive: 1, taxAmount: 1,
          reportingCurrency: "EUR", pricingCurrency: "USD", exchangeRate: 0.9, taxCountry: "FRA")
      ])
    #expect(try ReportBodyParser.parse(report.jsonData()).get() == report)
    #expect(report.jsonData() == report.jsonData(), "the same report gives the same bytes")
  }

  @Test func rejectsBodiesThatAreNotJSONObjects() {
    #expect(errors("{not json").map(\.name) == ["MalformedBodyError"])
    #expect(
      errors("[1,2]").map(\.errorMessage) == [
        "MalformedBodyError: the body must be a JSON object, found an array"
      ])
  }

  @Test func namesEveryMissingAndMistypedField() {
    let found = errors(#"{"requestIdentifier":7,"status":"LINE_ITEM"}"#)
    #expect(found.map(\.name) == ["InvalidValueError", "OmittedFieldError"])
    #expect(found.map(\.fieldName) == ["requestIdentifier", "externalPurchaseId"])
  }

  @Test func unknownEnumValuesAreUnknownEnumErrors() {
    let found = errors(
      """
      {"requestIdentifier":"r","externalPurchaseId":"x","status":"MAYBE","lineItems":[{"lineItemId":"li-9",
      "creationDate":1,"eventType":"GIFT","productType":"BUNDLE","productIdentifier":"p","quantity":1,
      "amountTaxInclusive":1,"amountTaxExclusive":1,"taxAmount":0,"reportingCurrency":"EUR",
      "pricingCurrency":"EUR","taxCountry":"NLD"}]}
      """)
    #expect(found.map(\.name) == ["UnknownEnumError", "UnknownEnumError", "UnknownEnumError"])
    #expect(found.map(\.fieldName) == ["status", "eventType", "productType"])
    #expect(found.dropFirst().allSatisfy { $0.lineItemId == "li-9" })
    #expect(found[0].errorCode == ReportErrorKind.unknownEnum.code)
  }

  @Test func lineItemFieldsMustHaveTheirTypes() {
    let found = errors(
      """
      {"requestIdentifier":"r","externalPurchaseId":"x","status":"LINE_ITEM","lineItems":[{"lineItemId":"a",
      "creationDate":"yesterday","eventType":"BUY","productIdentifier":"p","quantity":1.5,
      "amountTaxInclusive":1,"amountTaxExclusive":1,"taxAmount":0,"reportingCurrency":"EUR",
      "pricingCurrency":"EUR","taxCountry":"NLD","restatement":"yes"}, 3]}
      """)
    #expect(found.map(\.fieldName) == ["creationDate", "quantity", "restatement", "lineItems"])
    #expect(found.allSatisfy { $0.name == "InvalidValueError" })
  }
}
