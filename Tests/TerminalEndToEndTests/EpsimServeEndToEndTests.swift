import AppleSigning
import Crypto
import Foundation
import SharedTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `epsim tui --serve` in tmux: the UI's world is served, a backend's report reaches the server
/// over real HTTP, and the token's details show it; a refused request shows too.
@Suite("epsim tui --serve end to end")
struct EpsimServeEndToEndTests {
  /// `epsim tui --serve` on the demo world in tmux (200x50), with a fresh key in `folder`; the
  /// key to sign JWTs with and the port the server took.
  static func startServedTUI(in folder: URL) throws -> (
    run: ProbeRun, key: P256.Signing.PrivateKey, port: String
  ) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let key = P256.Signing.PrivateKey()
    let keyFile = folder.appendingPathComponent("key.pem").path
    try key.publicKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
    let run = try ProbeRun(
      executable: ProbeRun.epsimBinary(),
      arguments: ["tui", "--serve", "--port", "0", "--public-key", keyFile],
      width: 200, height: 50)
    let screen = try run.tmux.waitForText("serving http://127.0.0.1:", "alice.iphone")
    let port = try #require(
      screen.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)/).map { String($0.1) })
    return (run, key, port)
  }

  @Test func aReportSentToTheServerShowsInTheTokenDetails() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-serve-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (run, key, port) = try Self.startServedTUI(in: folder)
    try run.tmux.sendKeys("i", "2")
    // The new token reaches the server, whose CREATED notification (no webhook: only logged)
    // comes back into the token's details.
    try run.tmux.waitForText("(new-period)", "notification CREATED at 2026-03-01T09:00:00.000Z: logged")

    // The backend's side: find the token through the control API, report it with a JWT.
    let tokens = try await Self.exchange("GET", "http://127.0.0.1:\(port)/epsim/v1/tokens")
    let list = try #require(try JSONSerialization.jsonObject(with: tokens.body) as? [[String: Any]])
    let id = try #require(
      list.first { $0["tokenType"] as? String == "SERVICES" }?["externalPurchaseId"] as? String)
    let jwt = try JWTSigner(privateKey: key, keyId: "K", issuerId: "I").token(
      bundleId: "com.example.epsim", issuedAt: Date())
    let body =
      #"{"requestIdentifier":"0C2B5A8E-63A4-4C43-9B7E-1D2E3F4A5B6C","externalPurchaseId":"\#(id)","status":"NO_LINE_ITEM"}"#
    let answer = try await Self.exchange(
      "PUT", "http://127.0.0.1:\(port)/sandbox/externalPurchase/v1/reports", body: Data(body.utf8),
      authorization: "Bearer \(jwt)")
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")

    try run.tmux.waitForText("report NO_LINE_ITEM (sandbox) request 0C2B5A8E")

    // A request the server refuses (no JWT) shows in the status line and the header.
    let refused = try await Self.exchange(
      "PUT", "http://127.0.0.1:\(port)/sandbox/externalPurchase/v1/reports", body: Data(body.utf8))
    #expect(refused.status == 401)
    try run.tmux.waitForText(
      "mock server: PUT /sandbox/externalPurchase/v1/reports refused (401)", "(1 refused)")
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    try run.expectCleanExit()
  }

  /// With the server running beside it, signals still restore the terminal and end the process.
  @Test(arguments: EpsimTUIEndToEndTests.Ending.allCases)
  func signalsRestoreTheTerminalWithTheServerRunning(ending: EpsimTUIEndToEndTests.Ending) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-serve-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let keyFile = folder.appendingPathComponent("key.pem").path
    try P256.Signing.PrivateKey().publicKey.pemRepresentation.write(
      toFile: keyFile, atomically: true, encoding: .utf8)
    let run = try ProbeRun(
      executable: ProbeRun.epsimBinary(),
      arguments: ["tui", "--serve", "--port", "0", "--public-key", keyFile],
      width: 200, height: 50)
    try run.tmux.waitForText("serving http://127.0.0.1:", "alice.iphone")
    let pid = try run.childPid()
    kill(pid, ending.signal)
    let exit = try run.waitForExit()
    #expect(exit.status == ending.expectedStatus)
    #expect(try run.savedSettings("after") == run.savedSettings("before"))
  }

  /// One HTTP exchange over loopback.
  static func exchange(
    _ method: String, _ url: String, body: Data? = nil, authorization: String? = nil
  ) async throws -> (status: Int, body: Data) {
    let (response, data) = try await LoopbackHTTP.exchange(
      method, URL(string: url)!, body: body, authorization: authorization)
    return (response?.statusCode ?? 0, data)
  }
}
