import AppleSigning
import Crypto
import Foundation
import Testing

/// `epsim tui --serve` in tmux, with the server owning the one simulation: a backend sets an app
/// account token through the App Store Server API, the UI shows it, the UI's next purchase keeps
/// it, and undo stops at the backend's step.
@Suite("epsim tui --serve: the server owns the simulation")
struct EpsimServeOwnershipEndToEndTests {
  @Test func aBackendsAppAccountTokenShowsInTheUIAndStays() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-own-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (run, key, base, original) = try await Self.servedTUIWithASubscription(in: folder)

    // The backend sets an app account token on it, through Apple's API with a JWT.
    let token = "3f2a6c1e-8b4d-4e7a-9c0f-5d6e7f8a9b0c"
    let jwt = try JWTSigner(privateKey: key, keyId: "K", issuerId: "I").token(
      bundleId: "com.example.epsim", issuedAt: Date())
    let set = try await EpsimServeEndToEndTests.exchange(
      "PUT", "\(base)/sandbox/inApps/v1/transactions/\(original)/appAccountToken",
      body: Data(#"{"appAccountToken":"\#(token)"}"#.utf8), authorization: "Bearer \(jwt)")
    #expect(set.status == 200, "\(String(decoding: set.body, as: UTF8.self))")

    // The UI shows it (the selected transaction's details), without a key pressed.
    try run.tmux.waitForText("app account token \(token)")

    // The UI's next purchase (coins) is made on the same simulation: the token stays.
    try run.tmux.press(
      "b", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Enter",
      until: "buy coins.100 on alice.iphone")
    let transactions = try await Self.transactions(base: base)
    let subscription = try #require(transactions.first { $0["productId"] as? String == "premium.monthly" })
    #expect(subscription["appAccountToken"] as? String == token, "\(transactions)")
    #expect(transactions.count == 2)

    // Undo takes back the coins; the backend's step stops a second undo, with the reason.
    try run.tmux.press("[", until: "undid buy coins.100 on alice.iphone")
    try run.tmux.press("[", until: "cannot go back past step 3: a backend made it")
    #expect(try await Self.transactions(base: base).count == 1)

    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    try run.expectCleanExit()
  }

  /// `epsim tui --serve` in tmux where the UI installed the app on alice's iPhone and bought
  /// premium.monthly there: the run, the backend's key, the server's address and the
  /// subscription's original transaction id.
  static func servedTUIWithASubscription(in folder: URL) async throws -> (
    run: ProbeRun, key: P256.Signing.PrivateKey, base: String, original: String
  ) {
    let (run, key, port) = try EpsimServeEndToEndTests.startServedTUI(in: folder)
    let base = "http://127.0.0.1:\(port)"
    try run.tmux.press("i", until: "install on alice.iphone")
    try run.tmux.press("p", "b", until: "App account token")
    try run.tmux.press("Enter", until: "buy premium.monthly on alice.iphone: SUBSCRIBED/INITIAL_BUY")
    return (run, key, base, try await originalTransactionId(of: "premium.monthly", base: base))
  }

  /// alice's transactions as the control API lists them: each transaction's decoded payload.
  static func transactions(base: String) async throws -> [[String: Any]] {
    let answer = try await EpsimServeEndToEndTests.exchange(
      "GET", "\(base)/epsim/v1/commerce/customers/alice/transactions")
    let list = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
    return list.compactMap { $0["payload"] as? [String: Any] }
  }

  static func originalTransactionId(of product: String, base: String) async throws -> String {
    let payload = try #require(
      try await transactions(base: base).first { $0["productId"] as? String == product })
    let id = try #require(payload["originalTransactionId"])
    return "\(id)"
  }
}
