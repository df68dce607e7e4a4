import AppleSigning
import Crypto
import Foundation
import Testing

/// `epsim tui --serve` with a backend racing the UI's undo: twenty times the UI makes a step, then
/// a backend sets an app account token through the App Store Server API and `[` is pressed at
/// once. Whichever lands first, the server judges the undo on its own simulation: the backend's
/// token is never lost, and a refused undo says why.
@Suite("epsim tui --serve: undo racing a backend")
struct EpsimServeUndoRaceEndToEndTests {
  @Test func aBackendsChangeIsNeverLostToAnUndoPressedAtOnce() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-race-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (run, key, base, original) = try await EpsimServeOwnershipEndToEndTests.servedTUIWithASubscription(
      in: folder)
    let signer = JWTSigner(privateKey: key, keyId: "K", issuerId: "I")

    var refusals = 0
    for round in 1...20 {
      // A step of the UI's own for the undo to aim at: the clock one second on. Its status line
      // replaces the last round's answer.
      try run.tmux.sendKeys("s")
      try run.tmux.waitForScreen("round \(round)'s clock step") { Self.answer(on: $0) == nil }
      let token = UUID().uuidString.lowercased()
      let jwt = try signer.token(bundleId: "com.example.epsim", issuedAt: Date())
      // The backend's request and the key within the same few milliseconds: whichever the server
      // takes first, the other is judged against it.
      async let set = EpsimServeEndToEndTests.exchange(
        "PUT", "\(base)/sandbox/inApps/v1/transactions/\(original)/appAccountToken",
        body: Data(#"{"appAccountToken":"\#(token)"}"#.utf8), authorization: "Bearer \(jwt)")
      try run.tmux.sendKeys("[")
      #expect(try await set.status == 200, "round \(round)")

      let screen = try run.tmux.waitForScreen("the undo's answer in round \(round)") {
        Self.answer(on: $0) != nil
      }
      if Self.answer(on: screen) != "undid " { refusals += 1 }
      let subscription = try #require(
        try await EpsimServeOwnershipEndToEndTests.transactions(base: base).first {
          $0["productId"] as? String == "premium.monthly"
        })
      #expect(
        subscription["appAccountToken"] as? String == token, "round \(round): the backend's token stays")
    }
    // Both orders are fine; the point is that neither loses the token. Say how it went.
    print("undo race: \(refusals) of 20 undos refused, \(20 - refusals) made before the backend's step")
    try run.tmux.sendKeys("q", "q")
    try run.expectCleanExit()
  }

  /// What the status line (the row above the footer) says of the undo, if it says anything: made,
  /// or refused with a reason. The log keeps earlier rounds' reasons, so only that row counts.
  static func answer(on screen: String) -> String? {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard let footer = rows.firstIndex(where: { $0.hasPrefix("q quit") }), footer > 0 else { return nil }
    let status = rows[footer - 1]
    return ["undid ", "the history moved since you looked", "cannot go back past step"].first {
      status.contains($0)
    }
  }
}
