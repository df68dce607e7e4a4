import Foundation
import Testing

/// The built `epsim` binary in a real terminal (tmux), driven by keys and read from the screen.
@Suite("epsim terminal UI end to end")
struct EpsimTUIEndToEndTests {
  @Test func installRequestServicesAndSeeItExpireExactlyAtTheExpiry() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    let during = try run.currentSettings()
    // Each wait is for the status line, drawn after the panes above it, so the whole frame is in.
    try run.tmux.press("i", until: "install on alice.iphone: no period started")
    var screen = try run.tmux.press("2", until: "(new-period)", "SERVICES #1", "active")
    #expect(!screen.contains("expired"))
    try run.tmux.sendKeys("<")
    // 1 ms before the expiry the token is still active.
    screen = try run.tmux.waitForText("clock +59m59.999s to 2026-03-01T09:59:59.999Z", "1ms left", "active")
    #expect(!screen.contains("expired"))
    screen = try run.tmux.press(
      "e", until: "clock +1ms to 2026-03-01T10:00:00.000Z; 1 period expired", "… expired")
    #expect(!screen.contains("active"))
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(!(try run.expectCleanExit()).contains("alice.iphone"), "the UI's screen is gone")
    try run.expectRestored(settingsDuringTheRun: during)
  }

  @Test func resizingRedrawsForTheNewSize() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", "2", until: "(new-period)")
    try run.tmux.resize(width: 130, height: 40)
    // The full details sit beside the list from 120 columns.
    try run.tmux.waitForText("Reporting (External Purchase Server API)")
    try run.tmux.resize(width: 50, height: 12)
    let small = try run.tmux.waitForText("Terminal too small")
    #expect(small.contains("have 50x12"))
    try run.tmux.resize(width: 80, height: 24)
    let normal = try run.tmux.waitForScreen("the normal screen") {
      !$0.contains("too small") && $0.contains("SERVICES #1")
    }
    #expect(!normal.contains("Reporting (External Purchase Server API)"))
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(try run.waitForExit().status == 0)
  }

  /// While "Terminal too small" is shown only quitting and resizing act (issue 29, point 6): QA's
  /// sequence of the buy form open, the terminal shrunk, Enter and clock keys, then back to size.
  @Test func keysDoNothingWhileTheTerminalIsTooSmall() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", until: "install on alice.iphone")
    try run.tmux.press("p", "b", until: "App account token")
    try run.tmux.resize(width: 40, height: 10)
    try run.tmux.waitForText("Terminal too small")
    try run.tmux.sendKeys("Enter", "s", "s", "d")
    // A key that acts (Ctrl-C asks, as there is an unsaved step) proves the keys before it were
    // read; in the form, q is text and does nothing here.
    try run.tmux.press("q", "C-c", until: "Quit without saving?")
    try run.tmux.press("Escape", until: "resize to go on")
    try run.tmux.resize(width: 80, height: 24)
    let screen = try run.tmux.waitForScreen("the normal screen") {
      !$0.contains("too small") && $0.contains("not quitting")
    }
    #expect(screen.contains("2026-03-01T09:00:00.000Z"), "the clock did not move")
    #expect(screen.contains("Purchases of alice (0)"), "nothing was bought")
    try run.tmux.sendKeys("q", "q")
    #expect(try run.waitForExit().status == 0)
  }

  /// How a run is ended from outside, and the status the shell reports. (Ctrl-C is a key in
  /// epsim, which asks before losing steps; SIGINT from elsewhere still ends it at once.)
  enum Ending: String, CaseIterable {
    case terminate, interrupt

    var signal: Int32 { self == .terminate ? SIGTERM : SIGINT }
    var expectedStatus: Int { 128 + Int(signal) }
  }

  @Test(arguments: Ending.allCases)
  func signalsRestoreTheTerminal(ending: Ending) throws {
    let run = try ProbeRun.epsim()
    let pid = try run.childPid()
    let during = try run.currentSettings()
    try run.tmux.press("?", until: "Keys (Esc closes, / searches)")  // an overlay open does not matter
    kill(pid, ending.signal)
    let exit = try run.waitForExit()
    #expect(exit.status == ending.expectedStatus)
    #expect(!exit.screen.contains("alice.iphone"), "the UI's screen is gone")
    try run.expectRestored(settingsDuringTheRun: during)
  }

  @Test func controlCQuitsAtOnceWithNothingToLose() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.sendKeys("C-c")
    try run.expectCleanExit()
  }

  @Test func controlCWithUnsavedStepsAsksFirst() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", until: "install on alice.iphone: no period started")
    try run.tmux.press("C-c", until: "1 step is not saved")
    try run.tmux.press("Escape", until: "not quitting")
    try run.tmux.press("q", until: "1 step is not saved")
    try run.tmux.sendKeys("C-c")
    try run.expectCleanExit()
  }

  @Test func withoutATerminalItExitsTwoAndSaysWhy() throws {
    let result = try CommandRunner.run(ProbeRun.epsimBinary(), [])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "nothing reaches the pipe")
    #expect(result.standardError.contains("the terminal UI needs a terminal"))
    let explicit = try CommandRunner.run(ProbeRun.epsimBinary(), ["tui"])
    #expect(explicit.status == 2)
    #expect(explicit.standardOutput.isEmpty)
  }

  @Test func copyPutsTheSelectedTokenOnTheClipboard() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.setGlobalOption("set-clipboard", "on")
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", "2", "y", until: "(290 characters)")
    try run.tmux.waitForScreen("the paste buffer") { _ in (try? run.tmux.pasteBuffer().count) == 290 }
    // The token is Base64URL of JSON that starts with the app's Apple ID.
    #expect(try run.tmux.pasteBuffer().hasPrefix("eyJhcHBBcHBsZUlkIjox"))
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(try run.waitForExit().status == 0)
  }

  @Test func exportWritesTheTokensFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", "2", "1", "X", until: "Export all tokens")
    try run.tmux.sendKeys("C-a", "C-k")
    try run.tmux.sendKeys(path)
    try run.tmux.press("Enter", until: "exported 2 tokens")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    let tokens = (json as? [String: Any])?["tokens"] as? [[String: Any]]
    #expect(tokens?.count == 2)
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(try run.waitForExit().status == 0)
  }

  /// A folder for the file (issue 44): the form says so and keeps the path, nothing is written,
  /// and the path completed with a file name is exported.
  @Test func exportToAFolderKeepsTheFormAndThePath() throws {
    // A short name, so the status line holds the whole message.
    let name = "epsim-\(UUID().uuidString.prefix(8))"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", "2", "1", "X", until: "Export all tokens")
    try run.tmux.sendKeys("C-a", "C-k", ".")
    // `.` is plainly a folder: the form refuses it at once.
    try run.tmux.press("Enter", until: "'.' is a folder: give a file name, such as", "Export all tokens")
    try run.tmux.sendKeys("C-a", "C-k")
    try run.tmux.sendKeys(folder)
    // A folder only the disk knows: the write is refused and the form opens again.
    let screen = try run.tmux.press("Enter", until: "failed: it is a folder", "Export all tokens")
    #expect(!screen.contains("busy"), "\(screen)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was written")
    try run.tmux.sendKeys("/tokens.json")
    try run.tmux.press("Enter", until: "exported 2 tokens")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["tokens.json"])
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(try run.waitForExit().status == 0)
  }

  @Test func asciiLinesWhenTheLocaleIsNotUTF8() throws {
    let run = try ProbeRun.epsim(environment: ["LC_ALL": "C"])
    let screen = try run.tmux.waitForText("+- World -")
    #expect(!screen.contains("┌"))
    try run.tmux.sendKeys("q")
    #expect(try run.waitForExit().status == 0)
  }
}
