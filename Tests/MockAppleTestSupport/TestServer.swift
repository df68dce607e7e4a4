import AppleNotifications
import AppleSigning
import CommerceSimulation
import Crypto
import Foundation
import LifecycleSimulator
import MockAppleHTTP
import MockAppleServer
import SharedTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A mock server on a free loopback port for one test, with a client that speaks real HTTP.
package struct TestServer {
  /// The real time every test JWT is issued at and the server checks against.
  package static let now = Date(timeIntervalSince1970: 1_800_000_000)
  package static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  package static let keyId = "2X9R4HXF34"

  package let port: Int
  package let signer: JWTSigner
  package let bundleId: String
  /// The server itself, to look at its state directly.
  package let mock: MockAppleServer

  /// Starts a server over `world`, runs `body` against it, and stops the server.
  package static func with(
    world: WorldState = DemoWorld.world(rules: .production), maximumBodyBytes: Int = 1 << 20,
    rateLimit: Int? = nil, notifications: NotificationSettings = NotificationSettings(),
    commerce: CommerceWorld? = nil, appleRateLimits: AppleRateLimits? = nil,
    controlToken: ControlToken? = nil,
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let key = P256.Signing.PrivateKey()
    let verifier = AppStoreJWTVerifier(
      publicKey: key.publicKey, bundleId: world.app.bundleId, issuerId: issuer, keyId: keyId)
    let configuration = ServerConfiguration(
      port: 0, verifier: verifier, maximumBodyBytes: maximumBodyBytes, rateLimitPerSecond: rateLimit,
      clock: { TestServer.now }, logLevel: .warning, notifications: notifications,
      appleRateLimits: appleRateLimits, controlToken: controlToken)
    let server = try MockAppleServer(world: world, configuration: configuration, commerce: commerce)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let task = Task { try await server.run { continuation.yield($0) } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw TestServerError.didNotStart }
    let running = TestServer(
      port: port, signer: JWTSigner(privateKey: key, keyId: keyId, issuerId: issuer),
      bundleId: world.app.bundleId, mock: server)
    try await stopping(task, after: { try await body(running) })
  }

  /// A valid bearer JWT for the world's app.
  package func jwt(
    overrides: [String: Any] = [:], header: [String: Any]? = nil, lifetime: TimeInterval = 1200
  ) throws
    -> String
  {
    try signer.token(
      bundleId: bundleId, issuedAt: Self.now, lifetime: lifetime, overrides: overrides, header: header)
  }

  /// One HTTP exchange.
  package func request(
    _ method: String, _ path: String, body: Data? = nil, authorization: String? = nil
  ) async throws -> HTTPExchange {
    let (http, data) = try await LoopbackHTTP.exchange(
      method, URL(string: "http://127.0.0.1:\(port)\(path)")!, body: body, authorization: authorization)
    return HTTPExchange(
      status: http?.statusCode ?? 0, body: data,
      authError: http?.value(forHTTPHeaderField: "epsim-auth-error"),
      retryAfter: http?.value(forHTTPHeaderField: "Retry-After"),
      wwwAuthenticate: http?.value(forHTTPHeaderField: "WWW-Authenticate"))
  }

  /// `PUT` a report body to production (or sandbox) with a valid JWT unless one is given.
  package func putReport(_ body: Data, sandbox: Bool = false, authorization: String? = nil) async throws
    -> HTTPExchange
  {
    let bearer = try authorization ?? "Bearer \(jwt())"
    return try await request(
      "PUT", (sandbox ? "/sandbox" : "") + "/externalPurchase/v1/reports", body: body, authorization: bearer)
  }

  package func getReport(_ id: String, sandbox: Bool = false) async throws -> HTTPExchange {
    try await request(
      "GET", (sandbox ? "/sandbox" : "") + "/externalPurchase/v1/reports/\(id)",
      authorization: "Bearer \(jwt())")
  }

  /// Posts a control event and returns the decoded answer.
  @discardableResult
  package func event(_ event: [String: Any]) async throws -> HTTPExchange {
    try await request("POST", "/epsim/v1/events", body: try JSONSerialization.data(withJSONObject: event))
  }

  /// The tokens the control API lists.
  package func tokens() async throws -> [[String: Any]] {
    try await request("GET", "/epsim/v1/tokens").jsonArray()
  }
}

/// A response as the tests see it.
package struct HTTPExchange {
  package var status: Int
  package var body: Data
  package var authError: String?
  package var retryAfter: String? = nil
  package var wwwAuthenticate: String? = nil

  package func json() throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      throw TestServerError.notJSON(String(decoding: body, as: UTF8.self))
    }
    return object
  }

  package func jsonArray() throws -> [[String: Any]] {
    guard let array = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
      throw TestServerError.notJSON(String(decoding: body, as: UTF8.self))
    }
    return array
  }

  /// The error names of a 400 report answer (the part of each message before the colon).
  package func errorNames() throws -> [String] {
    let errors = try json()["errors"] as? [[String: Any]] ?? []
    return errors.compactMap { ($0["errorMessage"] as? String)?.split(separator: ":").first.map(String.init) }
  }

  package func errorFields() throws -> [String?] {
    let errors = try json()["errors"] as? [[String: Any]] ?? []
    return errors.map { $0["fieldName"] as? String }
  }
}

package enum TestServerError: Error {
  case didNotStart
  case notJSON(String)
}

/// Runs `body`, then stops a server's task and waits for it, whether `body` threw or not.
package func stopping(
  _ task: Task<Void, any Error>, isolation: isolated (any Actor)? = #isolation,
  after body: () async throws -> Void
) async throws {
  let result: Result<Void, any Error>
  do {
    try await body()
    result = .success(())
  } catch {
    result = .failure(error)
  }
  task.cancel()
  _ = await task.result
  try result.get()
}
