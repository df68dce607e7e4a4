import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `epsim tui --serve --state DIR`: a QA session survives a closed terminal. The terminal is
/// closed under the running UI (tmux killed: SIGHUP), and the next start on the same directory
/// shows the same world.
@Suite("epsim tui --serve --state: a closed terminal loses nothing", .serialized)
struct EpsimServeStateEndToEndTests {
  /// Waits (10 s at most) until no process holds the directory's lock: the closed UI has ended.
  static func waitUntilReleased(_ state: URL) throws {
    let lock = state.appendingPathComponent("lock").path
    for _ in 0..<200 {
      let descriptor = open(lock, O_RDWR)
      if descriptor >= 0 {
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
      }
      usleep(50_000)
    }
    Issue.record("the closed UI still holds \(lock)")
  }

  @Test func theNextStartShowsTheTokensOfTheClosedSession() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-state-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("state")
    let arguments = ["tui", "--serve", "--port", "0", "--state", state.path]
    let token: String
    do {
      let first = try ProbeRun(
        executable: ProbeRun.epsimBinary(), arguments: arguments, width: 200, height: 50)
      _ = try first.tmux.waitForText("serving http://127.0.0.1:", "alice.iphone")
      let screen = try first.tmux.press("i", "2", until: "SANDBOX_")
      token = try #require(screen.firstMatch(of: /SANDBOX_[0-9A-F-]{36}/).map { String($0.0) })
      first.tmux.close()
    }
    try Self.waitUntilReleased(state)
    #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("AuthKey.p8").path))

    let second = try ProbeRun(
      executable: ProbeRun.epsimBinary(), arguments: arguments, width: 200, height: 50)
    _ = try second.tmux.waitForText("serving http://127.0.0.1:", token)
    try second.tmux.sendKeys("q", "q")
    let exit = try second.waitForExit()
    #expect(exit.status == 0)
  }
}
