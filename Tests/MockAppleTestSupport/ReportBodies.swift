import Foundation
import Testing

/// Builds report JSON for the tests.
package func reportBody(
  id: String = UUID().uuidString, token: String, status: String, lineItems: [[String: Any]]? = nil
) throws -> Data {
  var object: [String: Any] = ["requestIdentifier": id, "externalPurchaseId": token, "status": status]
  if let lineItems { object["lineItems"] = lineItems }
  return try JSONSerialization.data(withJSONObject: object)
}

package func buyItem(_ id: String, at date: Int64, taxInclusive: Int64 = 1_210) -> [String: Any] {
  [
    "lineItemId": id, "creationDate": date, "eventType": "BUY", "productType": "ONE_TIME_BUY",
    "productIdentifier": "com.example.gems", "quantity": 1, "amountTaxInclusive": taxInclusive,
    "amountTaxExclusive": 1_000, "taxAmount": 210, "reportingCurrency": "EUR", "pricingCurrency": "EUR",
    "taxCountry": "NLD",
  ]
}

extension TestServer {
  /// A server on the demo world (production) where alice has a SERVICES token a day old, as
  /// `servicesToken` makes it; `body` gets the server and the token.
  package static func withServicesToken(
    _ body: (TestServer, (id: String, created: Int64)) async throws -> Void
  ) async throws {
    try await with { server in try await body(server, try await server.servicesToken()) }
  }

  /// alice installs (production: ACQUISITION and SERVICES periods), asks for SERVICES, a day passes.
  /// Returns the SERVICES token's id and creation date.
  package func servicesToken() async throws -> (id: String, created: Int64) {
    #expect(try await event(["type": "install", "device": "alice.iphone"]).status == 200)
    let answer = try await event(["type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"])
      .json()
    let token = try #require((answer["tokens"] as? [[String: Any]])?.first)
    #expect(try await event(["type": "advanceClock", "by": 86_400_000]).status == 200)
    return (
      try #require(token["externalPurchaseId"] as? String), try #require(token["tokenCreationDate"] as? Int64)
    )
  }
}
