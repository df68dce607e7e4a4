import Foundation
import Testing

@Suite("terminal-probe restores the terminal on every way out")
struct TerminalRestoreTests {
  @Test func quittingWithQRestoresTheTerminal() throws {
    let run = try ProbeRun()
    try run.waitForProbe()
    let during = try run.currentSettings()
    try run.tmux.sendKeys("x", "q")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.screen.contains("terminal-probe: quit after 2 keys"))
    #expect(!exit.screen.contains("test fixture"), "the probe's screen is gone: full-screen mode was left")
    try run.expectRestored(settingsDuringTheRun: during)
  }

  /// How a run can be ended from outside, and the status the shell then reports.
  enum Ending: String, CaseIterable {
    case terminate, hangUp, controlC

    var expectedStatus: Int {
      switch self {
      case .terminate: 128 + Int(SIGTERM)
      case .hangUp: 128 + Int(SIGHUP)
      case .controlC: 128 + Int(SIGINT)
      }
    }
  }

  @Test(arguments: Ending.allCases)
  func signalsRestoreTheTerminalAndKeepTheirExitStatus(ending: Ending) throws {
    let run = try ProbeRun()
    let pid = try run.pid()
    let during = try run.currentSettings()
    switch ending {
    case .terminate: kill(pid, SIGTERM)
    case .hangUp: kill(pid, SIGHUP)
    case .controlC: try run.tmux.sendKeys("C-c")
    }
    let exit = try run.waitForExit()
    #expect(exit.status == ending.expectedStatus)
    #expect(!exit.screen.contains("test fixture"))
    try run.expectRestored(settingsDuringTheRun: during)
  }

  @Test func aCrashRestoresTheTerminal() throws {
    // The Swift runtime's crash reporter runs after the restore; non-interactive, it does not
    // wait for a key.
    let run = try ProbeRun(arguments: ["--crash"], environment: ["SWIFT_BACKTRACE": "interactive=no"])
    try run.expectCrashRestoresTheTerminal(once: "any key crashes", key: "x")
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgResumes() throws {
    // Job control needs an interactive shell; a bare one, so no user configuration interferes.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmux = try TmuxSession(
      command:
        "env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 TERM=screen PS1='prompt$ ' bash --norc --noprofile -i")
    try tmux.waitForText("prompt$")
    let probe = ProbeRun.quoted(try ProbeBinary.url().path)
    try tmux.press(
      "cd \(ProbeRun.quoted(folder.path)) && stty -g > before && \(probe)", "Enter", until: "(test fixture)")
    try tmux.press("C-z", until: "Stopped")
    try tmux.press("stty -g > suspended && fg", "Enter", until: "(test fixture)")
    try tmux.press("q", until: "quit after 1 keys")
    let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
    #expect(!before.isEmpty)
    #expect(try String(contentsOf: folder.appendingPathComponent("suspended"), encoding: .utf8) == before)
  }

  @Test func anUnknownTerminalTypeIsAClearError() throws {
    let run = try ProbeRun(environment: ["TERM": "no-such-terminal"])
    let exit = try run.waitForExit()
    #expect(exit.status == 2)
    #expect(exit.screen.contains("unknown terminal type 'no-such-terminal'"))
    #expect(try run.savedSettings("after") == run.savedSettings("before"))
  }

  @Test func refusesToDrawWithoutATerminal() throws {
    let result = try CommandRunner.run(ProbeBinary.url(), [])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("standard input and output must be a terminal"))
  }

  @Test func badArgumentsAreAUsageError() throws {
    let result = try CommandRunner.run(ProbeBinary.url(), ["--tick-ms", "soon"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--tick-ms needs a positive number of milliseconds"))
    #expect(result.standardError.contains("usage: terminal-probe"))
  }

  /// The settings after the run equal those before it, and differ from those during it, so the
  /// probe really changed the terminal and really put it back.
}
