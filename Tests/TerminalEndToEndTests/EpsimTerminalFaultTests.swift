import Foundation
import Testing

/// epsim's terminal UI against faults: signals and a crash must leave the terminal settings
/// (`stty -g`) as they were; odd sizes and terminal types must give a sensible screen or a clear
/// message, never a crash.
@Suite("epsim terminal UI under faults")
struct EpsimTerminalFaultTests {
  @Test func hangUpRestoresTheTerminal() throws {
    let run = try ProbeRun.epsim()
    let pid = try run.childPid()
    let during = try run.currentSettings()
    kill(pid, SIGHUP)
    let exit = try run.waitForExit()
    #expect(exit.status == 128 + Int(SIGHUP))
    #expect(!exit.screen.contains("alice.iphone"), "the UI's screen is gone")
    try run.expectRestored(settingsDuringTheRun: during)
  }

  @Test func aForcedCrashRestoresTheTerminal() throws {
    // The Swift runtime's crash reporter runs after the restore; non-interactive, it does not
    // wait for a key.
    let run = try ProbeRun.epsim(environment: [
      "EPSIM_DEBUG_CRASH_ON_KEY": "1", "SWIFT_BACKTRACE": "interactive=no",
    ])
    try run.expectCrashRestoresTheTerminal(once: "alice.iphone", key: "j")
  }

  /// Without the variable the same key is an ordinary key: the trigger is off by default.
  @Test func theCrashTriggerIsOffByDefault() throws {
    let run = try ProbeRun.epsim(environment: ["EPSIM_DEBUG_CRASH_ON_KEY": "0"])
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.sendKeys("j", "q")
    #expect(try run.waitForExit().status == 0)
  }

  /// Sizes from 1x1 to 200x60 in quick succession, without waiting for a frame in between,
  /// then a normal size: the UI is alive and draws the normal screen.
  @Test func aStormOfResizes() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    var generator = SystemRandomNumberGenerator()
    var sizes = [(1, 1), (200, 60), (2, 1), (1, 40), (120, 3), (80, 24), (30, 10)]
    sizes += (0..<40).map { _ in
      (Int.random(in: 1...200, using: &generator), Int.random(in: 1...60, using: &generator))
    }
    for (width, height) in sizes {
      try run.tmux.resize(width: width, height: height)
    }
    try run.tmux.resize(width: 80, height: 24)
    try run.tmux.waitForScreen("the normal screen after the storm (sizes \(sizes))") {
      $0.contains("alice.iphone") && !$0.contains("too small")
    }
    try run.tmux.sendKeys("q")
    try run.expectCleanExit()
  }

  /// Started in one cell (which curses leaves blank: it is the bottom-right corner), the UI
  /// lives on: a few cells more show the start of the "too small" notice, a normal size the UI.
  @Test func aOneByOneTerminal() throws {
    let run = try ProbeRun.epsim(width: 1, height: 1)
    try run.tmux.resize(width: 3, height: 2)
    let tiny = try run.tmux.waitForText("Ter")
    let pid = try run.paneChildPid()
    #expect(tiny.split(separator: "\n").first == "Ter")
    try run.tmux.resize(width: 80, height: 24)
    try run.tmux.waitForText("alice.iphone")
    #expect(try run.childPid() == pid, "the same process drew every size")
    try run.tmux.sendKeys("q")
    #expect(try run.waitForExit().status == 0)
  }

  /// LANG=C (no LC_ALL): not UTF-8, so lines are drawn in ASCII.
  @Test func langC() throws {
    let run = try ProbeRun.epsim(environment: ["LC_ALL": nil, "LANG": "C"])
    let screen = try run.tmux.waitForText("+- World -")
    #expect(!screen.contains("┌"))
    try run.tmux.sendKeys("q")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func termDumbIsAClearError() throws {
    let run = try ProbeRun.epsim(environment: ["TERM": "dumb"])
    let exit = try run.waitForExit()
    #expect(exit.status == 2)
    #expect(exit.screen.contains("'dumb' (from TERM) cannot move the cursor"))
    #expect(try run.savedSettings("after") == run.savedSettings("before"))
  }

  @Test func termXterm256Color() throws {
    let run = try ProbeRun.epsim(environment: ["TERM": "xterm-256color"])
    try run.tmux.waitForText("alice.iphone")
    let colored = try run.tmux.capture(withEscapes: true)
    #expect(colored.contains("\u{1B}["), "colours and attributes reach the screen")
    try run.tmux.sendKeys("q")
    try run.expectCleanExit()
  }
}
