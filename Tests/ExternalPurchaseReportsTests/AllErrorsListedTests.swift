import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

/// A shape fault in one place of a body must not hide the rule faults elsewhere: docs/server.md
/// promises every error of a report, and only a body that is not a JSON object stops the checks.
@Suite("Report validator: every error of a body is listed")
struct AllErrorsListedTests {
  /// The report as JSON, with `edit` applied to its object form first.
  private func body(_ report: ExternalPurchaseReport, edit: (inout [String: Any]) -> Void) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
    edit(&object)
    return try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
  }

  private func names(_ body: Data, _ fixture: ReportWorld) -> [String] {
    var ledger = fixture.ledger
    return ledger.submit(body: body, world: fixture.world).errors.map(\.name)
  }

  /// The report as JSON with `value` written into `member` of its first line item.
  private func body(_ report: ExternalPurchaseReport, firstLineItem member: String, _ value: Any) throws
    -> Data
  {
    try body(report) { object in
      var items = object["lineItems"] as? [[String: Any]] ?? []
      items[0][member] = value
      object["lineItems"] = items
    }
  }

  /// The error names of a SERVICES line-item report whose first item, sound but for `value`
  /// written into its `member`, is followed by `second`.
  private func names(
    firstLineItem member: String, _ value: Any, then second: LineItem, _ fixture: ReportWorld
  ) throws -> [String] {
    let report = fixture.report(
      fixture.services, .lineItem, [fixture.buy("li-1", on: fixture.services), second])
    return names(try body(report, firstLineItem: member, value), fixture)
  }

  @Test func anUnknownEnumInOneLineItemDoesNotHideTheOthersFaults() throws {
    let fixture = try ReportWorld()
    var badSum = fixture.buy("li-2", on: fixture.services)
    badSum.amountTaxInclusive += 1
    #expect(
      try names(firstLineItem: "eventType", "PURCHASE", then: badSum, fixture) == [
        "UnknownEnumError", "IncorrectAmountTaxInclusiveError",
      ])
  }

  @Test func aWrongJSONTypeInOneLineItemDoesNotHideTheOthersFaults() throws {
    let fixture = try ReportWorld()
    let late = fixture.buy("li-2", on: fixture.services, offset: 2 * Milliseconds.day)
    #expect(
      try names(firstLineItem: "quantity", "one", then: late, fixture) == [
        "InvalidValueError", "FutureDateError",
      ])
  }

  @Test func aBadRequestIdentifierIsListedBesideABadStatus() throws {
    let fixture = try ReportWorld()
    let report = fixture.report(fixture.plain, .noLineItem, id: "report-1")
    let data = try body(report) { $0["status"] = "NOT_A_STATUS" }
    let errors = names(data, fixture)
    #expect(errors == ["UnknownEnumError", "InvalidRequestIdentifierError"])
  }

  @Test func anUnknownExternalPurchaseIdDoesNotHideAWrongSum() throws {
    let fixture = try ReportWorld()
    var item = fixture.buy("li-1", on: fixture.services)
    item.taxAmount = 0
    var report = fixture.report(fixture.services, .lineItem, [item])
    report.externalPurchaseId = "9E1A7C1E-0000-4000-8000-000000000000"
    var ledger = fixture.ledger
    #expect(
      ledger.errorNames(report, world: fixture.world) == [
        "ExternalPurchaseIdNotFoundError", "IncorrectAmountTaxInclusiveError",
      ])
  }

  @Test func lineItemsOfTheWrongTypeInventNoCountFault() throws {
    let fixture = try ReportWorld()
    let report = fixture.report(fixture.services, .lineItem, [fixture.buy("li-1", on: fixture.services)])
    let data = try body(report) { $0["lineItems"] = "li-1" }
    #expect(names(data, fixture) == ["InvalidValueError"], "no MissingLineItemsForStatusError follows")
  }

  @Test func onlyABodyThatIsNotAnObjectStopsEveryCheck() throws {
    let fixture = try ReportWorld()
    #expect(names(Data("[1, 2]".utf8), fixture) == ["MalformedBodyError"])
    #expect(names(Data("{".utf8), fixture) == ["MalformedBodyError"])
  }
}
