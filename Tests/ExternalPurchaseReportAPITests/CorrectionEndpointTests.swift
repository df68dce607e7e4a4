import Foundation
import MockAppleTestSupport
import Testing

/// The rules the other HTTP tests leave out: identifiers, field shapes, refunds, restatements
/// and the time windows, each through a real PUT.
@Suite("Mock server: the remaining rules over HTTP")
struct CorrectionEndpointTests {
  private static let day: Int64 = 86_400_000

  @Test func everyRemainingRuleAnswersWithItsNameAndField() async throws {
    try await TestServer.with { server in
      try await server.event(["type": "install", "device": "alice.iphone"])
      let sheet = try await server.event(["type": "presentNoticeSheet", "device": "alice.iphone"]).json()
      let plain = try #require((sheet["tokens"] as? [[String: Any]])?.first)
      let id = try #require(plain["externalPurchaseId"] as? String)
      let created = try #require(plain["tokenCreationDate"] as? Int64)
      try await server.event(["type": "advanceClock", "by": Self.day])

      func expect(
        _ items: [[String: Any]], _ name: String, _ field: String,
        requestIdentifier: String = UUID().uuidString
      ) async throws {
        let body = try reportBody(id: requestIdentifier, token: id, status: "LINE_ITEM", lineItems: items)
        let answer = try await server.putReport(body)
        #expect(answer.status == 400, "\(name)")
        #expect(try answer.errorNames() == [name])
        #expect(try answer.errorFields() == [field], "\(name)")
      }
      func item(_ id: String, _ changes: [String: Any?] = [:]) -> [String: Any] {
        var item = buyItem(id, at: created + 1)
        for (key, value) in changes { item[key] = value }
        return item
      }

      try await expect(
        [item("a")], "InvalidRequestIdentifierError", "requestIdentifier", requestIdentifier: "abc")
      try await expect(
        [item("a", ["productIdentifier": nil])], "OmittedFieldError", "productIdentifier")
      try await expect([item("a", ["quantity": 0])], "InvalidValueError", "quantity")
      try await expect(
        [item("a", ["subscriptionEvent": "RENEWAL"])], "FieldNotAllowedError", "subscriptionEvent")
      try await expect(
        [item("a", ["erroneouslySubmitted": true])], "ErroneouslySubmittedNotRestatementError",
        "erroneouslySubmitted")
      let refund: [String: Any?] = [
        "eventType": "REFUND", "referenceLineItemId": "b1", "productType": nil, "productIdentifier": nil,
        "quantity": nil,
      ]
      try await expect([item("r", refund)], "ReferencedLineItemNotFoundError", "referenceLineItemId")

      let purchase = try reportBody(token: id, status: "LINE_ITEM", lineItems: [item("b1")])
      #expect(try await server.putReport(purchase).status == 200)
      try await expect(
        [item("r", refund.merging(["creationDate": created]) { $1 })],
        "ReferencedCreationDateIncompatibleError",
        "creationDate")
      try await expect(
        [item("b1", ["restatement": true, "creationDate": created + 2])],
        "RestatementCreationDateMismatchError",
        "creationDate")

      try await server.event(["type": "advanceClock", "to": created + 1 + 365 * Self.day])
      try await expect(
        [item("b1", ["restatement": true])], "RestatementNotAllowedCreationDateError", "restatement")
      try await expect(
        [item("r", refund.merging(["creationDate": created + 300 * Self.day]) { $1 })],
        "RefundNotAllowedCreationDateError", "creationDate")

      try await server.event(["type": "advanceClock", "to": created + 2 + 3 * 365 * Self.day])
      try await expect([item("old")], "DateTooFarInPastError", "creationDate")
    }
  }
}
