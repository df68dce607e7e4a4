import Foundation
import LifecycleSimulator
import MockAppleTestSupport
import Testing

@Suite("Mock server: reports over HTTP")
struct ReportEndpointTests {
  @Test func anAcceptedReportCanBeRetrievedAndShowsOnItsToken() async throws {
    try await TestServer.withServicesToken { server, token in
      let id = UUID().uuidString
      let body = try reportBody(
        id: id, token: token.id, status: "LINE_ITEM", lineItems: [buyItem("li-1", at: token.created + 1)])
      let put = try await server.putReport(body)
      #expect(put.status == 200)
      #expect(try put.json()["requestIdentifier"] as? String == id)
      let get = try await server.getReport(id)
      #expect(get.status == 200)
      #expect(try get.json()["externalPurchaseId"] as? String == token.id)
      let reported = try await server.tokens().first { $0["externalPurchaseId"] as? String == token.id }
      #expect(reported?["reportedStatus"] as? String == "LINE_ITEM")
      #expect(reported?["reports"] as? [String] == [id])
    }
  }

  @Test func aReportWithOneBadPartIsRejectedWhole() async throws {
    try await TestServer.withServicesToken { server, token in
      let id = UUID().uuidString
      let items = [buyItem("good", at: token.created + 1), buyItem("early", at: token.created - 1)]
      let put = try await server.putReport(
        try reportBody(id: id, token: token.id, status: "LINE_ITEM", lineItems: items))
      #expect(put.status == 400)
      #expect(try put.errorNames() == ["LineItemCreationDateOutOfRangeError"])
      let error = try #require((try put.json()["errors"] as? [[String: Any]])?.first)
      #expect(error["errorCode"] as? Int == 36)
      #expect(error["fieldName"] as? String == "creationDate")
      #expect(error["lineItemId"] as? String == "early")
      #expect(try await server.getReport(id).status == 404, "nothing of it was kept")
      let reports = try await server.request("GET", "/epsim/v1/reports").json()
      #expect((reports["production"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func validationRulesAnswerWithApplesNamesAndFields() async throws {
    try await TestServer.withServicesToken { server, token in
      let cases: [(Data, [String], [String?])] = [
        (
          try reportBody(token: "nope", status: "NO_LINE_ITEM"), ["ExternalPurchaseIdNotFoundError"],
          ["externalPurchaseId"]
        ),
        (try reportBody(token: token.id, status: "SOMETIMES"), ["UnknownEnumError"], ["status"]),
        (
          try reportBody(token: token.id, status: "LINE_ITEM"), ["MissingLineItemsForStatusError"],
          ["lineItems"]
        ),
        (
          try reportBody(
            token: token.id, status: "NO_LINE_ITEM", lineItems: [buyItem("x", at: token.created)]),
          ["LineItemsNotAllowedForStatusError"], ["lineItems"]
        ),
        (
          try reportBody(token: token.id, status: "DUPLICATE_TOKEN"), ["DuplicateTokenStatusNotAllowedError"],
          ["status"]
        ),
        (
          try reportBody(
            token: token.id, status: "LINE_ITEM",
            lineItems: [buyItem("tax", at: token.created, taxInclusive: 9)]),
          ["IncorrectAmountTaxInclusiveError"], ["amountTaxInclusive"]
        ),
        (
          try reportBody(
            token: token.id, status: "LINE_ITEM",
            lineItems: [buyItem("future", at: token.created + 2 * 86_400_000)]),
          ["FutureDateError"], ["creationDate"]
        ),
        (
          try reportBody(
            token: token.id, status: "LINE_ITEM",
            lineItems: [buyItem("twice", at: token.created), buyItem("twice", at: token.created)]),
          ["DuplicateValueError"], ["lineItemId"]
        ),
      ]
      for (body, names, fields) in cases {
        let answer = try await server.putReport(body)
        #expect(answer.status == 400)
        #expect(try answer.errorNames() == names)
        #expect(try answer.errorFields() == fields)
      }
    }
  }

  @Test func lineItemStatusCannotRegressOverHTTP() async throws {
    try await TestServer.withServicesToken { server, token in
      let first = try reportBody(
        token: token.id, status: "LINE_ITEM", lineItems: [buyItem("a", at: token.created)])
      #expect(try await server.putReport(first).status == 200)
      let back = try await server.putReport(try reportBody(token: token.id, status: "NO_LINE_ITEM"))
      #expect(try back.errorNames() == ["LineItemStatusRegressionError"])
    }
  }

  @Test func resendsBehaveAsAppleDocuments() async throws {
    try await TestServer.withServicesToken { server, token in
      let id = UUID().uuidString
      let bad = try reportBody(id: id, token: token.id, status: "LINE_ITEM")
      #expect(try await server.putReport(bad).status == 400)
      let fixed = try reportBody(id: id, token: token.id, status: "NO_LINE_ITEM")
      #expect(
        try await server.putReport(fixed).status == 200, "a failed report is resent with its identifier")
      #expect(try await server.putReport(fixed).status == 200, "the same report again changes nothing")
      let reports = try await server.request("GET", "/epsim/v1/reports").json()
      #expect((reports["production"] as? [Any])?.count == 1)
      let other = try reportBody(id: id, token: token.id, status: "UNRECOGNIZED_TOKEN")
      let reused = try await server.putReport(other)
      #expect(reused.status == 400)
      #expect(try reused.errorNames() == ["DuplicateValueError"])
      #expect(try reused.errorFields() == ["requestIdentifier"])
    }
  }

  @Test func sandboxAndProductionAreKeptApart() async throws {
    try await TestServer.withServicesToken { server, token in
      let id = UUID().uuidString
      let body = try reportBody(id: id, token: token.id, status: "NO_LINE_ITEM")
      let toSandbox = try await server.putReport(body, sandbox: true)
      #expect(toSandbox.status == 400)
      #expect(try toSandbox.errorNames() == ["ExternalPurchaseIdNotFoundError"])
      #expect(try await server.putReport(body).status == 200)
      #expect(try await server.getReport(id, sandbox: true).status == 404)
      #expect(try await server.getReport(id).status == 200)
    }
  }

  @Test func malformedAndOversizedBodies() async throws {
    try await TestServer.with(maximumBodyBytes: 1_024) { server in
      let malformed = try await server.putReport(Data("{\"status\":".utf8))
      #expect(malformed.status == 400)
      #expect(try malformed.errorNames() == ["MalformedBodyError"])
      let huge = try await server.putReport(Data(repeating: UInt8(ascii: " "), count: 4_096))
      #expect(huge.status == 413)
      #expect(try huge.json()["errorCode"] as? Int == 4_130_000)
      let world = try await server.request("GET", "/epsim/v1/world").json()
      #expect((world["tokens"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func theRateLimitAnswers429() async throws {
    try await TestServer.with(rateLimit: 2) { server in
      let body = try reportBody(token: "unknown", status: "NO_LINE_ITEM")
      #expect(try await server.putReport(body).status == 400)
      #expect(try await server.putReport(body).status == 400)
      let limited = try await server.putReport(body)
      #expect(limited.status == 429)
      #expect(try limited.json()["errorCode"] as? Int == 4_290_000)
    }
  }
}
