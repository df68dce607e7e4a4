import Foundation
import MockAppleTestSupport
import ServerSightings
import Testing

/// The server remembers the report requests it refused, for the terminal UI beside it
/// (`epsim tui --serve`), and files those that name a token under that token.
@Suite("Mock server: refused requests are remembered")
struct RefusalLogTests {
  @Test func refusalsAreKeptNewestLastWithTheirReason() async throws {
    try await TestServer.withServicesToken { server, token in
      let unsigned = try await server.request(
        "PUT", "/externalPurchase/v1/reports", body: try reportBody(token: token.id, status: "NO_LINE_ITEM"),
        authorization: nil)
      #expect(unsigned.status == 401)
      let malformed = try await server.putReport(Data("{".utf8), authorization: "Bearer \(try server.jwt())")
      #expect(malformed.status == 400)
      // A LINE_ITEM report without line items is refused, and names its token.
      let rejected = try await server.putReport(
        try reportBody(token: token.id, status: "LINE_ITEM"), authorization: "Bearer \(try server.jwt())")
      #expect(rejected.status == 400)
      let refusals = await server.mock.state.refusals
      #expect(refusals.count == 3)
      guard refusals.count == 3 else { return }
      #expect(refusals[0].reason.hasPrefix("PUT /externalPurchase/v1/reports refused (401): "))
      #expect(refusals[0].externalPurchaseId == nil)
      #expect(refusals[1].reason.hasPrefix("report refused (400): "))
      #expect(refusals[2].reason.hasPrefix("report LINE_ITEM (production) refused (400): "))
      #expect(refusals[2].externalPurchaseId == token.id)
      let seen = await server.mock.state.sightingsByToken()[token.id] ?? []
      #expect(seen.contains(.refusal(reason: refusals[2].reason)))
    }
  }
}
