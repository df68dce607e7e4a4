import Foundation
import Testing

@Suite("terminal-probe in tmux: keys, resize, ticks, clipboard, colour, ASCII")
struct ProbeInteractionTests {
  @Test func keysShowUpWithTheirLabels() throws {
    let run = try ProbeRun()
    try run.waitForProbe()
    try run.tmux.press(
      "a", "?", "Space", "Enter", "Up", "Down", "Left", "Right", until: "last keys: a ? Space Enter ↑ ↓ ← →")
    try run.tmux.press(
      "Tab", "BTab", "F1", "F5", "C-a", "PPage", "NPage", "Home", "End", "BSpace",
      until: "last keys: Tab Shift-Tab F1 F5 Ctrl-A PgUp PgDn Home End Backspace")
    // Esc alone, sent by itself as a person would press it, is not mistaken for a sequence.
    try run.tmux.press("Escape", until: "Backspace Esc")
    try run.tmux.press("DC", until: "keys pressed: 20", "Esc Del", "keys/10 ████████████████████")
  }

  @Test func resizingChangesTheShownSize() throws {
    let run = try ProbeRun()
    try run.tmux.waitForText("size: 80x24 (frame 80x24)")
    try run.tmux.resize(width: 100, height: 30)
    let wide = try run.tmux.waitForText("size: 100x30 (frame 100x30)")
    #expect(wide.split(separator: "\n").first?.count == 100)
    try run.tmux.resize(width: 30, height: 8)
    try run.tmux.waitForText("need 40x10, have 30x8")
    try run.tmux.resize(width: 50, height: 12)
    try run.tmux.waitForText("size: 50x12")
  }

  @Test func ticksArriveWhileTheAppAsksForThem() throws {
    let run = try ProbeRun(arguments: ["--tick-ms", "20"])
    try run.tmux.waitForScreen("five ticks") { screen in
      let count = screen.components(separatedBy: "ticks: ").dropFirst().first?.prefix { $0.isNumber }
      return count.flatMap { Int($0) }.map { $0 >= 5 } ?? false
    }
  }

  @Test func copyingPutsTextOnTheClipboard() throws {
    let run = try ProbeRun()
    try run.tmux.setGlobalOption("set-clipboard", "on")
    try run.waitForProbe()
    try run.tmux.press("c", until: "keys pressed: 1")
    try run.tmux.waitForScreen("the paste buffer") { _ in
      (try? run.tmux.pasteBuffer()) == "terminal-probe clipboard"
    }
  }

  @Test func coloursAppearUnlessNoColorIsSet() throws {
    let coloured = try ProbeRun()
    try coloured.waitForProbe()
    #expect(Self.usesColour(try coloured.tmux.capture(withEscapes: true)))
    #expect(try coloured.tmux.capture().contains("colour: on"))

    let plain = try ProbeRun(environment: ["NO_COLOR": "1"])
    try plain.tmux.waitForText("colour: off")
    let screen = try plain.tmux.capture(withEscapes: true)
    #expect(!Self.usesColour(screen))
    #expect(screen.contains("\u{1B}[1m"), "attributes such as bold stay on without colour")
    try plain.tmux.sendKeys("q")
    #expect(try plain.waitForExit().status == 0)
  }

  @Test func asciiLinesWhenTheLocaleIsNotUTF8() throws {
    let run = try ProbeRun(environment: ["LC_ALL": nil, "LC_CTYPE": nil, "LANG": "C"])
    try run.tmux.waitForText("lines: ascii")
    let screen = try run.tmux.press("Up", "x", until: "last keys: Up x", "keys/10 ####----------------")
    #expect(screen.hasPrefix("+- terminal-probe (test fixture) ---"))
    #expect(screen.unicodeScalars.allSatisfy { $0.isASCII })
    try run.tmux.sendKeys("q")
    #expect(try run.waitForExit().status == 0)
  }

  /// True when an SGR escape sequence in `screen` sets a foreground or background colour.
  static func usesColour(_ screen: String) -> Bool {
    screen.components(separatedBy: "\u{1B}[").dropFirst().contains { sequence in
      guard let end = sequence.firstIndex(of: "m") else { return false }
      let codes = sequence[..<end].split(separator: ";").compactMap { Int($0) }
      return codes.contains { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }
    }
  }
}
