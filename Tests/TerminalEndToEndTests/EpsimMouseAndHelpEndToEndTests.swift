import Foundation
import Testing

/// Mouse and help search in the built `epsim` in a real terminal (issue 44 items 2 and 3): SGR
/// mouse sequences typed into the pane as a terminal sends them, and `?` then `/refund`.
@Suite("epsim mouse and help end to end")
struct EpsimMouseAndHelpEndToEndTests {
  /// An SGR (mode 1006) mouse report: button code, 1-based column and row, press.
  static func sgrPress(button: Int, column: Int, row: Int) -> String {
    "\u{1B}[<\(button);\(column);\(row)M"
  }

  /// A terminal whose terminfo asks for SGR reports (xterm's: `kmous=\E[<`), as most do
  /// outside tmux; under tmux's own terminfo curses asks for the older X10 reports (below).
  static let sgrTerminal: [String: String?] = ["TERM": "xterm-256color"]

  /// An X10 mouse report (what tmux-256color's terminfo asks for): 32 plus the button, column
  /// and row, 1-based, each as one character.
  static func x10Press(column: Int, row: Int) -> String {
    "\u{1B}[M" + String(UnicodeScalar(UInt8(32))) + String(UnicodeScalar(UInt8(32 + column)))
      + String(UnicodeScalar(UInt8(32 + row)))
  }

  @Test func aClickSelectsADeviceAndTheWheelScrollsTheLog() throws {
    let run = try ProbeRun.epsim(environment: Self.sgrTerminal, width: 100, height: 30)
    var screen = try run.tmux.waitForText("kenji.iphone")
    // The row of kenji.iphone on screen (0-based), and a column inside the world pane.
    let lines = screen.components(separatedBy: "\n")
    let row = try #require(lines.firstIndex { $0.contains("kenji.iphone") })
    try run.tmux.sendLiteral(Self.sgrPress(button: 0, column: 6, row: row + 1))
    screen = try run.tmux.waitForText("kenji.iphone: iOS 26.4")
    #expect(screen.components(separatedBy: "\n")[row].contains("▸"), "\(screen)")
    // Fill the log with more lines than it shows, then turn the wheel over it.
    for _ in 0..<12 { try run.tmux.sendKeys("s") }
    screen = try run.tmux.waitForText("clock +1s to 2026-03-01T09:00:12.000Z")
    let logRow = try #require(screen.components(separatedBy: "\n").lastIndex { $0.contains("clock to") })
    let before = screen
    try run.tmux.sendLiteral(Self.sgrPress(button: 64, column: 10, row: logRow + 1))  // wheel up
    screen = try run.tmux.waitForScreen("the log scrolled back") { $0 != before && $0.contains("Event log") }
    #expect(screen.contains("clock to 2026-03-01T09:00:09.000Z"), "\(screen)")
    #expect(!screen.contains("clock to 2026-03-01T09:00:12.000Z"), "\(screen)")
    try run.tmux.sendKeys("q", "q")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func underTmuxsOwnTerminfoAClickSelectsToo() throws {
    let run = try ProbeRun.epsim(width: 100, height: 30)
    let screen = try run.tmux.waitForText("kenji.iphone")
    let row = try #require(screen.components(separatedBy: "\n").firstIndex { $0.contains("kenji.iphone") })
    try run.tmux.sendLiteral(Self.x10Press(column: 6, row: row + 1))
    try run.tmux.waitForText("kenji.iphone: iOS 26.4")
    try run.tmux.sendKeys("q", "q")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func noMouseLeavesClicksToTheTerminal() throws {
    var environment = Self.sgrTerminal
    environment["EPSIM_NO_MOUSE"] = "1"
    let run = try ProbeRun.epsim(environment: environment, width: 100, height: 30)
    let screen = try run.tmux.waitForText("kenji.iphone")
    let row = try #require(screen.components(separatedBy: "\n").firstIndex { $0.contains("kenji.iphone") })
    try run.tmux.sendLiteral(Self.sgrPress(button: 0, column: 6, row: row + 1))
    // Without mouse reporting the report is read as keys; whatever they do, kenji is not selected.
    try run.tmux.sendKeys("Escape", "s")
    let after = try run.tmux.waitForText("clock +1s")
    #expect(!after.contains("kenji.iphone: iOS 26.4"), "\(after)")
    try run.tmux.sendKeys("q", "q")
    #expect(try run.waitForExit().status == 0)
  }

  @Test func helpThenSlashRefundFindsTheRefundKeys() throws {
    let run = try ProbeRun.epsim(width: 100, height: 30)
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("?", until: "Keys for the World pane")
    try run.tmux.sendKeys("/", "r", "e", "f", "u", "n", "d")
    let screen = try run.tmux.waitForText("Keys matching 'refund'")
    #expect(screen.contains("Refund the selected transaction"), "\(screen)")
    #expect(!screen.contains("Install the app"), "\(screen)")
    try run.tmux.sendKeys("Escape", "q")
    #expect(try run.waitForExit().status == 0)
  }
}
