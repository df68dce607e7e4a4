import Foundation
import MockAppleTestSupport
import Testing

/// A body or a JWT nested 513 arrays deep ended the server: Foundation's JSON reader traps one
/// level past its own limit (found by `fuzz/routes`). Each door now answers it with a refusal,
/// and the server answers the next request.
@Suite("Deeply nested JSON: refused, never fatal")
struct DeepJSONTests {
  static let deep = Data(String(repeating: "[", count: 513).utf8)

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
      of: "/", with: "_"
    )
    .replacingOccurrences(of: "=", with: "")
  }

  @Test func everyDoorRefusesItAndTheServerStaysUp() async throws {
    try await TestServer.with(commerce: nil) { server in
      let jwt = try server.jwt()
      let requests: [(String, String, String?, Int)] = [
        ("POST", "/epsim/v1/events", nil, 400),
        ("POST", "/epsim/v1/commerce/events", nil, 400),
        ("PUT", "/inApps/v1/subscriptions/extend/1000000000000001", "Bearer \(jwt)", 400),
        ("POST", "/inApps/v1/notifications/history", "Bearer \(jwt)", 400),
        ("PUT", "/inApps/v1/transactions/consumption/1000000000000001", "Bearer \(jwt)", 400),
        ("PUT", "/externalPurchase/v1/reports", "Bearer \(jwt)", 400),
        // A JWT whose header is 513 arrays deep, with any payload and signature.
        ("GET", "/inApps/v1/transactions/1", "Bearer \(Self.base64URL(Self.deep)).e30.AAAA", 401),
      ]
      for (method, path, authorization, status) in requests {
        let body = method == "GET" ? nil : Self.deep
        let answer = try await server.request(method, path, body: body, authorization: authorization)
        #expect(answer.status == status, "\(method) \(path)")
        #expect(try await server.request("GET", "/epsim/v1/world").status == 200, "after \(method) \(path)")
      }
    }
  }
}
