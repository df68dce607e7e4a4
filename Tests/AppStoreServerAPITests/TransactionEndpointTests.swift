import Foundation
import MockAppleTestSupport
import Testing

@Suite("App Store Server API: transactions over HTTP")
struct TransactionEndpointTests {
  @Test func getTransactionInfoSignsTheTransactionAsTheWorldHasIt() async throws {
    try await TestServer.withAppStore { server in
      let id = try await server.buyId("premium.monthly")
      let answer = try await server.api("GET", "/inApps/v1/transactions/\(id)")
      #expect(answer.status == 200)
      let payload = try jwsPayload(try answer.json()["signedTransactionInfo"])
      #expect(payload["transactionId"] as? String == id)
      #expect(payload["productId"] as? String == "premium.monthly")
      #expect(payload["environment"] as? String == "Production")
      #expect(payload["bundleId"] as? String == server.bundleId)
      #expect(payload["storefront"] as? String == "NLD")
      #expect(payload["price"] as? Int == 10990)
      // Unchanged data is not signed again: the same JWS comes back.
      let again = try await server.api("GET", "/inApps/v1/transactions/\(id)")
      #expect(
        try again.json()["signedTransactionInfo"] as? String == answer.json()["signedTransactionInfo"]
          as? String)
    }
  }

  @Test func unknownMalformedAndOtherEnvironmentIdsGetApplesErrors() async throws {
    try await TestServer.withAppStore { server in
      let id = try #require(try await server.buy("coins.100")["transactionId"] as? String)
      #expect(try await server.api("GET", "/inApps/v1/transactions/12ab").errorCode == 4_000_006)
      let unknown = try await server.api("GET", "/inApps/v1/transactions/999")
      #expect(unknown.status == 404)
      #expect(unknown.errorCode == 4_040_010)
      // The world is production: the sandbox host has never seen the transaction.
      let sandbox = try await server.api("GET", "/inApps/v1/transactions/\(id)", sandbox: true)
      #expect(sandbox.status == 404)
      #expect(sandbox.errorCode == 4_040_010)
      let noJWT = try await server.request("GET", "/inApps/v1/transactions/\(id)")
      #expect(noJWT.status == 401)
    }
  }

  @Test func appTransactionInfoAnswersForAnyIdOfTheCustomer() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("lifetime")
      let appTransactionId = try #require(bought["appTransactionId"] as? String)
      for id in [try #require(bought["transactionId"] as? String), appTransactionId] {
        let answer = try await server.api("GET", "/inApps/v1/transactions/appTransactions/\(id)")
        #expect(answer.status == 200)
        let payload = try jwsPayload(try answer.json()["signedAppTransactionInfo"])
        #expect(payload["appTransactionId"] as? String == appTransactionId)
        #expect(payload["receiptType"] as? String == "Production")
        #expect(payload["originalPurchaseDate"] as? Int64 == bought["purchaseDate"] as? Int64)
      }
      let missing = try await server.api("GET", "/inApps/v1/transactions/appTransactions/5")
      #expect(missing.status == 404)
      #expect(missing.errorCode == 4_040_019)
      #expect(try await server.api("GET", "/inApps/v1/transactions/appTransactions/x").errorCode == 4_000_006)
    }
  }

  @Test func finishTransactionIsRecordedAndUnknownIdsAreRefused() async throws {
    try await TestServer.withAppStore { server in
      let id = try #require(try await server.buy("coins.100")["transactionId"] as? String)
      #expect(try await server.api("POST", "/inApps/v1/transactions/\(id)/finish").status == 200)
      let listed = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      #expect(listed.first?["finished"] as? Bool == true)
      #expect(try await server.api("POST", "/inApps/v1/transactions/77/finish").errorCode == 4_040_010)
      #expect(try await server.api("POST", "/inApps/v1/transactions/a7/finish").errorCode == 4_000_006)
    }
  }
}
