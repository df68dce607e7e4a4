import AppleSigning
import Foundation
import MockAppleTestSupport
import Testing

/// The control API behind a control token (issue 30): every `/epsim/v1` request needs
/// `Authorization: Bearer <token>`; the Apple endpoints keep their JWT and never take the token.
@Suite("Mock server: the control token")
struct ControlTokenTests {
  static let secret = "0123456789abcdef-staging-secret"
  static let token = ControlToken(secret)!

  @Test func aMissingTokenGets401WithABodyThatSaysWhatIsNeeded() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      for (method, path) in [
        ("GET", "/epsim/v1/world"), ("GET", "/epsim/v1/tokens"), ("GET", "/epsim/v1/plan"),
      ] {
        let answer = try await server.request(method, path)
        #expect(answer.status == 401, "\(path)")
        let body = try answer.json()
        #expect(body["errorCode"] as? Int == 4_010_000)
        let message = try #require(body["errorMessage"] as? String)
        #expect(
          message.hasPrefix("the control API needs its token: send Authorization: Bearer <control token>"))
        #expect(answer.wwwAuthenticate == "Bearer realm=\"epsim control API\"")
      }
      // A command without its token changes nothing.
      let before = await server.mock.state.world.devices.map(\.installedVersion)
      let install = try await server.request(
        "POST", "/epsim/v1/events", body: Data(#"{"type":"install","device":"alice.iphone"}"#.utf8))
      #expect(install.status == 401)
      #expect(await server.mock.state.world.devices.map(\.installedVersion) == before)
    }
  }

  @Test(arguments: [
    "Bearer 0123456789abcdef-staging-secreT",  // same length, last character wrong
    "Bearer 0123456789abcdef-staging-secret-and-more",
    "Bearer 0123456789abcdef",
    "Bearer ",
  ])
  func aWrongTokenGets401(authorization: String) async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let answer = try await server.request("GET", "/epsim/v1/world", authorization: authorization)
      #expect(answer.status == 401)
      let message = try #require(try answer.json()["errorMessage"] as? String)
      #expect(message.hasPrefix("the control API needs its token: "))
      #expect(!message.contains(Self.secret))
    }
  }

  @Test func anotherSchemeIsNamed() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let answer = try await server.request("GET", "/epsim/v1/world", authorization: "Basic \(Self.secret)")
      #expect(answer.status == 401)
      #expect(
        try answer.json()["errorMessage"] as? String
          == "the control API needs its token: the Authorization header must be 'Bearer <control token>'")
    }
  }

  @Test func anAppleJWTDoesNotOpenTheControlAPI() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let jwt = try server.jwt()
      // The same JWT is good on Apple's side...
      let report = try await server.putReport(
        try reportBody(token: "unknown", status: "NO_LINE_ITEM"), authorization: "Bearer \(jwt)")
      #expect(report.status == 400, "authenticated; only the unknown token is wrong")
      // ...and refused on the control API.
      let answer = try await server.request("GET", "/epsim/v1/world", authorization: "Bearer \(jwt)")
      #expect(answer.status == 401)
      #expect(
        try answer.json()["errorMessage"] as? String
          == "the control API needs its token: an App Store Server API JWT does not open the control API; "
          + "send the control token")
    }
  }

  @Test func theControlTokenDoesNotOpenTheAppleEndpoints() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let bearer = "Bearer \(Self.secret)"
      let report = try await server.putReport(
        try reportBody(token: "unknown", status: "NO_LINE_ITEM"), authorization: bearer)
      let history = try await server.request(
        "GET", "/inApps/v2/history/1000000000000001", authorization: bearer)
      let sandbox = try await server.request(
        "GET", "/sandbox/externalPurchase/v1/reports/x", authorization: bearer)
      for answer in [report, history, sandbox] {
        #expect(answer.status == 401)
        #expect(
          answer.authError
            == "the control token opens /epsim/v1 only; Apple's endpoints need an App Store Server API JWT")
      }
      let refusals = await server.mock.state.refusals
      #expect(refusals.count == 3)
      #expect(refusals.allSatisfy { !$0.reason.contains(Self.secret) })
    }
  }

  @Test func theRightTokenOpensEveryControlRouteAndOnlyThose() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let bearer = "Bearer \(Self.secret)"
      let install = try await server.request(
        "POST", "/epsim/v1/events", body: Data(#"{"type":"install","device":"alice.iphone"}"#.utf8),
        authorization: bearer)
      #expect(install.status == 200)
      for path in ["/epsim/v1/world", "/epsim/v1/tokens", "/epsim/v1/reports", "/epsim/v1/notifications"] {
        #expect(try await server.request("GET", path, authorization: bearer).status == 200, "\(path)")
      }
      // The scheme is case-insensitive (RFC 9110 11.1).
      #expect(
        try await server.request("GET", "/epsim/v1/world", authorization: "bearer \(Self.secret)").status
          == 200)
      // An unknown control path says nothing about what exists without the token.
      #expect(try await server.request("GET", "/epsim/v1/nothing-here").status == 401)
      #expect(try await server.request("GET", "/epsim/v1/nothing-here", authorization: bearer).status == 404)
      // Paths that merely start alike are not the control API.
      #expect(try await server.request("GET", "/epsim/v10/world").status == 404)
    }
  }

  @Test func refusalsAreRememberedWithoutTheTokenSent() async throws {
    try await TestServer.with(controlToken: Self.token) { server in
      let guess = "Bearer guess-guess-guess-guess"
      _ = try await server.request("GET", "/epsim/v1/world", authorization: guess)
      let refusals = await server.mock.state.refusals
      #expect(
        refusals.map(\.reason) == [
          "GET /epsim/v1/world refused (401): the bearer token is not the control token"
        ])
    }
  }
}

@Suite("Control token")
struct ControlTokenValueTests {
  @Test func tooShortEmptyOrUnprintableTokensAreRefusedWithoutBeingRepeated() {
    #expect(ControlToken.problem(with: "") == "the control token is empty")
    #expect(ControlToken.problem(with: "short-secret")?.contains("at least 16 characters") == true)
    #expect(ControlToken.problem(with: "a secret with spaces in it")?.contains("printable ASCII") == true)
    #expect(ControlToken.problem(with: "line\nbreak-0123456789")?.contains("printable ASCII") == true)
    #expect(ControlToken.problem(with: "sécret-0123456789abcdef")?.contains("printable ASCII") == true)
    #expect(ControlToken.problem(with: "0123456789abcdef") == nil)
    #expect(ControlToken("short") == nil)
  }

  @Test func matchingIsExact() throws {
    let token = try #require(ControlToken("0123456789abcdef"))
    #expect(token.matches("0123456789abcdef"))
    #expect(!token.matches("0123456789abcdeF"))
    #expect(!token.matches("0123456789abcde"))
    #expect(!token.matches("0123456789abcdef "))
    #expect(!token.matches(""))
  }
}
