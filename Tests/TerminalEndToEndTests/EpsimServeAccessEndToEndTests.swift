import Crypto
import Foundation
import Testing

/// `epsim tui --serve` with the options of a shared mock (issue 30), in tmux: an exposed --host
/// without a token is refused before the screen changes; with a token and TLS the header shows
/// the https address and the control API answers only with the token.
@Suite("epsim tui --serve: control token, exposure, HTTPS")
struct EpsimServeAccessEndToEndTests {
  private func keyFile(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("key.pem").path
    try P256.Signing.PrivateKey().publicKey.pemRepresentation.write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func anExposedHostWithoutATokenIsRefusedBeforeTheScreenChanges() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-access-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ProbeRun(
      executable: ProbeRun.epsimBinary(),
      arguments: [
        "tui", "--serve", "--host", "0.0.0.0", "--port", "0", "--public-key", try keyFile(in: folder),
      ],
      width: 200, height: 50)
    let exit = try run.waitForExit()
    #expect(exit.status == 2)
    #expect(exit.screen.contains("epsim tui: --host 0.0.0.0 is not a loopback address"))
    #expect(exit.screen.contains("--insecure-control-api"))
    #expect(try run.savedSettings("after") == run.savedSettings("before"))
  }

  @Test func aTokenAndTLSServeHTTPSBesideTheUI() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-access-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tls = folder.appendingPathComponent("tls").path
    let made = try CommandRunner.run(ProbeRun.epsimBinary(), ["cert", "--dir", tls])
    #expect(made.status == 0)
    let secret = "end-to-end-control-token-0001"
    let run = try ProbeRun(
      executable: ProbeRun.epsimBinary(),
      arguments: [
        "tui", "--serve", "--port", "0", "--public-key", try keyFile(in: folder), "--tls-cert",
        "\(tls)/server.pem",
        "--tls-key", "\(tls)/server-key.pem",
      ],
      environment: ["EPSIM_CONTROL_TOKEN": secret], width: 200, height: 50)
    let screen = try run.tmux.waitForText("serving https://127.0.0.1:", "alice.iphone")
    let port = try #require(
      screen.firstMatch(of: /serving https:\/\/127\.0\.0\.1:(\d+)/).map { String($0.1) })
    let curl = try #require(CommandRunner.findOnPath("curl"))
    let world = "https://127.0.0.1:\(port)/epsim/v1/world"
    let locked = try CommandRunner.run(
      curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", "\(tls)/ca.pem", world])
    let opened = try CommandRunner.run(
      curl,
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", "\(tls)/ca.pem", "-H",
        "Authorization: Bearer \(secret)", world,
      ])
    #expect(locked.standardOutput == "401")
    #expect(opened.standardOutput == "200")
    try run.tmux.sendKeys("q", "q")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(!exit.screen.contains(secret))
  }
}
