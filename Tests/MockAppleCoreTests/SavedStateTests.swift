import AppStoreCommerce
import AppleNotifications
import AppleSigning
import CommerceSimulation
import DurableJournal
import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import MockAppleCore
import SimulatedWorld
import Testing

/// `epsim serve --state`: every change the server makes goes to the journal, and replaying the
/// journal on the same starting world rebuilds the same state, notification bytes included.
@Suite("Saved server state: journal and replay")
struct SavedStateTests {
  static let hour: Int64 = 3_600_000
  static let settings = NotificationSettings(webhookURL: "http://127.0.0.1:9/hook", unreportedDelay: hour)

  /// A server state on the demo world and catalog (the same start each time, as a state
  /// directory's manifest gives it).
  static func state(authority: TestCertificateAuthority) -> MockAppleState {
    let world = DemoWorld.world(rules: .sandbox)
    return MockAppleState(
      world: world, notificationSettings: settings, authority: authority,
      commerce: CommerceWorld(products: DemoCatalog.products, world: world))
  }

  /// A new journal file in a new folder.
  static func journalPath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-saved-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("journal.jsonl").path
  }

  /// Opens the journal at `path` and replays it on a fresh state.
  /// A state on a new journal at `path` where alice installed and got a SERVICES token.
  static func withAServicesToken(_ path: String, authority: TestCertificateAuthority) async throws
    -> MockAppleState
  {
    let (state, _) = try await resumed(path, authority: authority)
    _ = try await state.apply(WorldEvent.install(device: "alice.iphone"))
    _ = try await state.apply(WorldEvent.requestToken(device: "alice.iphone", type: .services))
    return state
  }

  static func resumed(_ path: String, authority: TestCertificateAuthority) async throws -> (
    MockAppleState, MockAppleState.Resumed
  ) {
    let (journal, contents) = try JournalFile.load(path: path)
    let state = state(authority: authority)
    let resumed = try await state.resume(
      journal: journal, lines: contents.lines, droppedBytes: contents.droppedBytes,
      onFailure: {
        Issue.record("save failed: \($0)"); fatalError($0)
      })
    return (state, resumed)
  }

  @Test func replayingTheJournalRebuildsTokensPurchasesReportsAndNotifications() async throws {
    let authority = try TestCertificateAuthority()
    let path = try Self.journalPath()
    let first = try await Self.withAServicesToken(path, authority: authority)
    _ = try await first.apply(
      CommerceStep.buy(
        product: "premium.monthly", device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil))
    let original = try #require(await first.commerce.state.lastTransaction(of: "alice") { _ in true })
    _ = try await first.apply(
      CommerceEvent.setAppAccountToken(
        originalTransactionId: String(original.originalTransactionId),
        token: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
    let token = try #require(await first.world.tokens.last?.token.externalPurchaseId)
    let body = try reportBody(token: token, status: "NO_LINE_ITEM")
    guard case .accepted = await first.submit(body: body, environment: .sandbox) else {
      Issue.record("the report was refused")
      return
    }
    // A step, its undo and a new step: the journal drops the undone step and keeps the new one.
    _ = await first.change { simulation in
      _ = try? simulation.apply(.events([.install(device: "kenji.iphone")]))
      simulation.undo()
      _ = try? simulation.apply(.events([.advanceClock(to: simulation.world.now + 40 * 24 * Self.hour)]))
    }
    #expect(await first.world.device("kenji.iphone")?.installedVersion == nil)
    let due = try await first.takeDueDeliveries()
    #expect(due.count >= 2, "CREATED and App Store notifications fall due")
    await first.record(DeliveryAttempt(at: due[0].dueAt, status: 200, error: nil), for: due[0].key)
    // The rest are "in flight" when the server stops: sent or not, nobody knows.

    let (second, resumed) = try await Self.resumed(path, authority: authority)
    #expect(await second.world.tokens == first.world.tokens)
    #expect(await second.world.now == first.world.now)
    #expect(await second.commerce.state == first.commerce.state)
    #expect(
      await second.commerce.state.transaction(String(original.transactionId))?.appAccountToken
        == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
    #expect(await second.simulation.stepCount == first.simulation.stepCount)
    #expect(await second.simulation.position == first.simulation.position)
    #expect(await second.ledger(.sandbox).reports == first.ledger(.sandbox).reports)
    #expect(await second.commerceEvents == first.commerceEvents)
    let before = await first.notifications.deliveries
    let after = await second.notifications.deliveries
    #expect(after.map(\.signedPayload) == before.map(\.signedPayload), "the bytes the webhook got")
    #expect(after.first?.state == .delivered)
    #expect(resumed.abandoned == due.dropFirst().map(\.key).sorted())
    for key in resumed.abandoned {
      #expect(await second.notifications.delivery(key)?.state == .failed, "given up, never sent twice")
    }
    #expect(try await second.takeDueDeliveries().isEmpty, "nothing is sent again")

    // The abandonment is saved too: a third start finds the same.
    let (third, again) = try await Self.resumed(path, authority: authority)
    #expect(again.abandoned.isEmpty)
    #expect(await third.notifications.deliveries == second.notifications.deliveries)
  }

  @Test func aNewWorldFromTheUIIsSavedAsAStartOver() async throws {
    let authority = try TestCertificateAuthority()
    let path = try Self.journalPath()
    let (first, _) = try await Self.resumed(path, authority: authority)
    _ = try await first.apply(WorldEvent.install(device: "alice.iphone"))
    _ = await first.change { $0 = $0.startingOver(FreshStart(seed: 77, environment: .production)) }
    _ = try await first.apply(WorldEvent.install(device: "kenji.iphone"))
    _ = try await first.apply(WorldEvent.requestToken(device: "kenji.iphone", type: .services))

    let (second, _) = try await Self.resumed(path, authority: authority)
    #expect(await second.world.rules.environment == .production)
    #expect(await second.world.seed == 77)
    #expect(await second.world.tokens == first.world.tokens)
    #expect(await second.simulation.stepCount == 2)
  }

  @Test func theWallClockFollowsRealTimeAndResumesFromTheSavedInstant() async throws {
    let authority = try TestCertificateAuthority()
    let path = try Self.journalPath()
    let (first, _) = try await Self.resumed(path, authority: authority)
    let start = await first.world.now
    let real = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(await first.followWallClock(now: real, rate: 60) == false, "the first look only notes the time")
    #expect(await first.followWallClock(now: real + 1, rate: 60))
    #expect(await first.world.now == start + 60_000)
    #expect(await first.followWallClock(now: real + 2, rate: 60))
    #expect(await first.world.now == start + 120_000)
    #expect(await first.simulation.stepCount == 1, "a quiet spell is one clock step, not one per second")
    _ = try await first.apply(WorldEvent.install(device: "alice.iphone"))
    #expect(await first.followWallClock(now: real + 3, rate: 60))
    #expect(await first.simulation.stepCount == 3, "after another change the clock adds a step")
    #expect(await first.world.now == start + 180_000)

    // The last tick was never written (nothing else happened after it); the saved instant is
    // the install's, so catching up from it lands on the same time.
    let (second, _) = try await Self.resumed(path, authority: authority)
    #expect(await second.world.now == start + 120_000)
    #expect(await second.followWallClock(now: real + 3, rate: 60))
    #expect(await second.world.now == start + 180_000)
  }

  @Test func aLineCutShortByACrashIsDroppedAndADamagedOneIsRefusedByNumber() async throws {
    let authority = try TestCertificateAuthority()
    let path = try Self.journalPath()
    let first = try await Self.withAServicesToken(path, authority: authority)
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"history":{"keep":2,"#.utf8))
    try handle.close()

    let (second, resumed) = try await Self.resumed(path, authority: authority)
    #expect(resumed.droppedBytes == 21)
    #expect(resumed.changes == 2)
    #expect(await second.world.tokens == first.world.tokens)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole, "the cut line is gone from the file")

    var lines = String(decoding: whole, as: UTF8.self).split(separator: "\n").map(String.init)
    lines[0] = #"{"history":{"keep":0,"position":1,"steps":[{"step":{"kind":"teleport"}}]}}"#
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    await #expect {
      _ = try await Self.resumed(path, authority: authority)
    } throws: { error in
      (error as? JournalError).map { $0.path == "\(path):1" && $0.reason.contains("cannot be read") } ?? false
    }
  }
}

/// A report body without line items, as a backend sends it.
private func reportBody(token: String, status: String) throws -> Data {
  try JSONSerialization.data(withJSONObject: [
    "requestIdentifier": UUID().uuidString, "externalPurchaseId": token, "status": status,
  ])
}
