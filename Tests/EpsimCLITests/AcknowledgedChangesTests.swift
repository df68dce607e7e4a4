import AppleSigning
import Crypto
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every state-changing route of `epsim serve --state` (control API, App Store Server API,
/// External Purchase Server API, the history itself): after each acknowledged change, `kill -9`
/// and a restart on the same directory give the same GET answers, and an undo past it either
/// takes it back (a redo brings it again) or is refused with the reason, as
/// docs/server-reference.md ("The history") says. Apple's side keeps what it received (a report,
/// a notification): an undo takes back steps, not those.
@Suite("epsim serve --state: what is acknowledged is kept", .serialized)
struct AcknowledgedChangesTests {
  /// What a row expects of an undo right after its change.
  enum Undo {
    /// Taken back: the answers are those from before the change, and a redo restores it.
    case takesBack
    /// Refused with this reason (a backend's step stays).
    case refused(String)
  }

  struct Row: Sendable {
    var name: String
    var method: String
    var path: String
    var body: String
    var status: Int
    var undo: Undo
  }

  /// The server under test, restarted on the same directory by `kill -9`.
  final class Served {
    let state: String
    let keyFile: String
    var running: BackgroundServe

    init(state: String, keyFile: String) async throws {
      self.state = state
      self.keyFile = keyFile
      running = try await BackgroundServe.start(Self.arguments(state, keyFile))
    }

    static func arguments(_ state: String, _ keyFile: String) -> [String] {
      ["--state", state, "--public-key", keyFile, "--issuer", "I", "--key-id", "K"]
    }

    func killAndRestart() async throws {
      kill(running.process.processIdentifier, SIGKILL)
      running.process.waitUntilExit()
      running.removeFiles()
      running = try await BackgroundServe.start(Self.arguments(state, keyFile))
    }

    func stop() {
      running.stop()
      running.removeFiles()
    }
  }

  /// The backend's key: the signer of its JWTs and the public key the server is given.
  static let backendKey: (signer: JWTSigner, publicPEM: String) = {
    let key = P256.Signing.PrivateKey()
    return (JWTSigner(privateKey: key, keyId: "K", issuerId: "I"), key.publicKey.pemRepresentation)
  }()

  static func exchange(_ base: String, _ method: String, _ path: String, _ body: String? = nil) async throws
    -> (
      status: Int, body: Data
    )
  {
    var request = URLRequest(url: try #require(URL(string: base + path)))
    request.httpMethod = method
    if let body { request.httpBody = Data(body.utf8) }
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if !path.hasPrefix("/epsim/") {
      let jwt = try backendKey.signer.token(bundleId: "com.example.epsim", issuedAt: Date())
      request.setValue("Bearer \(jwt)", forHTTPHeaderField: "Authorization")
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }

  /// The GET answers a restart must keep, parsed (so key order does not matter).
  static let readRoutes = [
    "/epsim/v1/world", "/epsim/v1/tokens", "/epsim/v1/reports", "/epsim/v1/history",
    "/epsim/v1/commerce/customers/alice/transactions", "/epsim/v1/commerce/customers/alice/subscriptions",
    "/epsim/v1/notifications",
  ]

  static func answers(_ base: String, routes: [String] = readRoutes) async throws -> [String: NSObject] {
    var answers: [String: NSObject] = [:]
    for route in routes {
      let (status, data) = try await exchange(base, "GET", route)
      // Alice is no App Store customer before her first purchase (404): that answer counts too.
      answers[route] =
        status == 200
        ? try #require(try JSONSerialization.jsonObject(with: data) as? NSObject) : NSNumber(value: status)
    }
    return answers
  }

  /// What an undo must give back: everything but what Apple's side received and the history's
  /// own listing (which still lists the undone step, as not in effect).
  static let undoneRoutes = readRoutes.filter {
    !["/epsim/v1/notifications", "/epsim/v1/history", "/epsim/v1/reports"].contains($0)
  }

  static func head(_ base: String) async throws -> String {
    let (_, data) = try await exchange(base, "GET", "/epsim/v1/history")
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let head = try JSONSerialization.data(
      withJSONObject: try #require(document["head"]), options: [.sortedKeys])
    return String(decoding: head, as: UTF8.self)
  }

  static func transaction(_ base: String, product: String) async throws -> (id: String, original: String) {
    let (_, data) = try await exchange(base, "GET", "/epsim/v1/commerce/customers/alice/transactions")
    let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let payload = try #require(
      list.compactMap { $0["payload"] as? [String: Any] }.last { $0["productId"] as? String == product })
    return (
      try #require(payload["transactionId"] as? String),
      try #require(payload["originalTransactionId"] as? String)
    )
  }

  @Test func everyAcknowledgedChangeSurvivesKillAndMovesWithUndoOrIsRefused() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-ack-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let keyFile = folder.appendingPathComponent("key.pem").path
    try Self.backendKey.publicPEM.write(toFile: keyFile, atomically: true, encoding: .utf8)
    let served = try await Served(state: folder.appendingPathComponent("state").path, keyFile: keyFile)
    defer { served.stop() }

    // Rows that need ids the server makes are built once those exist.
    var rows: [Row] = [
      Row(
        name: "install", method: "POST", path: "/epsim/v1/events",
        body: #"{"type":"install","device":"alice.iphone"}"#, status: 200, undo: .takesBack),
      Row(
        name: "request a token", method: "POST", path: "/epsim/v1/events",
        body: #"{"type":"requestToken","device":"alice.iphone","tokenType":"SERVICES"}"#, status: 200,
        undo: .takesBack),
      Row(
        name: "buy a subscription", method: "POST", path: "/epsim/v1/commerce/events",
        body: #"{"type":"buy","device":"alice.iphone","product":"premium.monthly"}"#, status: 200,
        undo: .takesBack),
      Row(
        name: "buy a consumable", method: "POST", path: "/epsim/v1/commerce/events",
        body: #"{"type":"buy","device":"alice.iphone","product":"coins.100"}"#, status: 200, undo: .takesBack),
    ]
    var index = 0
    while index < rows.count {
      let row = rows[index]
      index += 1
      try await check(row, on: served)
      if row.name == "buy a consumable" {
        let base = served.running.base
        let coins = try await Self.transaction(base, product: "coins.100")
        let premium = try await Self.transaction(base, product: "premium.monthly")
        let (_, tokens) = try await Self.exchange(base, "GET", "/epsim/v1/tokens")
        let token = try #require(
          (try JSONSerialization.jsonObject(with: tokens) as? [[String: Any]])?.first?["externalPurchaseId"]
            as? String)
        let backend = Undo.refused("backendStep")
        rows += [
          Row(
            name: "Finish Transaction", method: "POST",
            path: "/sandbox/inApps/v1/transactions/\(coins.id)/finish",
            body: "", status: 200, undo: backend),
          Row(
            name: "consumption information v2", method: "PUT",
            path: "/sandbox/inApps/v2/transactions/consumption/\(coins.id)",
            body: #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#,
            status: 202, undo: backend),
          Row(
            name: "consumption information v1", method: "PUT",
            path: "/sandbox/inApps/v1/transactions/consumption/\(coins.id)",
            body: #"""
              {"customerConsented":true,"consumptionStatus":1,"platform":1,"sampleContentProvided":false,
              "deliveryStatus":0,"appAccountToken":"","accountTenure":1,"playTime":1,
              "lifetimeDollarsRefunded":0,"lifetimeDollarsPurchased":1,"userStatus":1}
              """#,
            status: 202, undo: backend),
          Row(
            name: "Set App Account Token", method: "PUT",
            path: "/sandbox/inApps/v1/transactions/\(premium.original)/appAccountToken",
            body: #"{"appAccountToken":"7e3fb20b-4cdd-4295-9b9c-9f0e5c1a0f11"}"#, status: 200, undo: backend),
          Row(
            name: "Extend a Subscription Renewal Date", method: "PUT",
            path: "/sandbox/inApps/v1/subscriptions/extend/\(premium.original)",
            body:
              #"{"extendByDays":3,"extendReasonCode":1,"requestIdentifier":"5f0b4a8e-3c1d-4a57-9a4e-2b7f1c9d8e60"}"#,
            status: 200, undo: backend),
          Row(
            name: "Extend for All Active Subscribers", method: "POST",
            path: "/sandbox/inApps/v1/subscriptions/extend/mass",
            body: #"""
              {"extendByDays":2,"extendReasonCode":1,"requestIdentifier":"8c1e2f3a-4b5c-4d6e-8f70-91a2b3c4d5e6",
              "productId":"premium.monthly"}
              """#,
            status: 200, undo: backend),
          // A report is what Apple's side received: it stays, and the undo is refused by the
          // backend's step before it.
          Row(
            name: "a report", method: "PUT", path: "/sandbox/externalPurchase/v1/reports",
            body:
              #"{"requestIdentifier":"0c2b5a8e-63a4-4c43-9b7e-1d2e3f4a5b6c","externalPurchaseId":"\#(token)","status":"NO_LINE_ITEM"}"#,
            status: 200, undo: backend),
          // A step after the backend's ones can be undone.
          Row(
            name: "advance the clock", method: "POST", path: "/epsim/v1/events",
            body: #"{"type":"advanceClock","by":86400000}"#, status: 200, undo: .takesBack),
        ]
      }
    }

    // Each step says which door made it, after every restart too.
    let base = served.running.base
    let (_, history) = try await Self.exchange(base, "GET", "/epsim/v1/history")
    let steps = try #require(
      (try JSONSerialization.jsonObject(with: history) as? [String: Any])?["steps"] as? [[String: Any]])
    #expect(
      steps.map { $0["origin"] as? String } == Array(repeating: "controlAPI", count: 4)
        + Array(repeating: "appleAPI", count: 6) + ["controlAPI"])

    // The history's own moves are acknowledged changes too: an undo survives the restart.
    let undo = try await Self.exchange(base, "POST", "/epsim/v1/history", #"{"move":"undo"}"#)
    #expect(undo.status == 200, "\(String(decoding: undo.body, as: UTF8.self))")
    let afterUndo = try await Self.answers(base)
    try await served.killAndRestart()
    #expect(try await Self.answers(served.running.base) == afterUndo, "an undo survives kill -9")

    // The issue's case: finished and consumption information read back after the restart.
    let (_, data) = try await Self.exchange(
      served.running.base, "GET", "/epsim/v1/commerce/customers/alice/transactions")
    let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let coins = try #require(
      list.first { ($0["payload"] as? [String: Any])?["productId"] as? String == "coins.100" })
    #expect(coins["finished"] as? Bool == true)
    let information = try #require(coins["consumptionInformation"] as? [String: Any])
    #expect(information["consumptionStatus"] as? String == "1", "the newest information sent (v1) is kept")
  }

  /// One row: the change, a restart that keeps its answers, then the undo as the row expects.
  private func check(_ row: Row, on served: Served) async throws {
    let before = try await Self.answers(served.running.base)
    let change = try await Self.exchange(
      served.running.base, row.method, row.path, row.body.isEmpty ? nil : row.body)
    #expect(change.status == row.status, "\(row.name): \(String(decoding: change.body, as: UTF8.self))")
    let after = try await Self.answers(served.running.base)
    try await served.killAndRestart()
    let resumed = try await Self.answers(served.running.base)
    for route in Self.readRoutes {
      #expect(resumed[route] == after[route], "\(row.name): GET \(route) after kill -9 and a restart")
    }

    let base = served.running.base
    let head = try await Self.head(base)
    let undo = try await Self.exchange(base, "POST", "/epsim/v1/history", #"{"move":"undo","head":\#(head)}"#)
    let said = String(decoding: undo.body, as: UTF8.self)
    switch row.undo {
    case .takesBack:
      #expect(undo.status == 200, "\(row.name): undo: \(said)")
      let undone = try await Self.answers(base, routes: Self.undoneRoutes)
      for route in Self.undoneRoutes {
        #expect(undone[route] == before[route], "\(row.name): GET \(route) after the undo")
      }
      let redo = try await Self.exchange(base, "POST", "/epsim/v1/history", #"{"move":"redo"}"#)
      #expect(redo.status == 200, "\(row.name): redo")
      let redone = try await Self.answers(base, routes: Self.undoneRoutes)
      for route in Self.undoneRoutes {
        #expect(redone[route] == after[route], "\(row.name): GET \(route) after the redo")
      }
    case .refused(let reason):
      #expect(undo.status == 409, "\(row.name): undo: \(said)")
      let refusal = try JSONSerialization.jsonObject(with: undo.body) as? [String: Any]
      #expect(refusal?["reason"] as? String == reason, "\(row.name): \(said)")
      #expect(said.contains("a backend made it through the App Store Server API"), "\(row.name): \(said)")
      #expect(try await Self.answers(base) == resumed, "\(row.name): a refused undo changes nothing")
    }
  }
}
