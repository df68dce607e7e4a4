import Foundation
import Testing

/// The App Store in the built `epsim` in a real terminal (tmux): buy, renew, see it (issue 11).
@Suite("epsim purchases end to end")
struct EpsimPurchasesEndToEndTests {
  @Test func buyASubscriptionRenewItAndSeeTheStatusAndChain() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", until: "install on alice.iphone")  // a purchase is made in the app
    try run.tmux.press("p", until: "No purchases yet: b buys")
    try run.tmux.press("b", until: "App account token")
    try run.tmux.sendKeys("Enter")
    // Each wait is for the status line, drawn after the panes above it, so the whole frame is in.
    var screen = try run.tmux.waitForText("buy premium.monthly on alice.iphone: SUBSCRIBED/INITIAL_BUY")
    #expect(screen.contains("Purchases of alice (1)"))
    #expect(screen.contains("1 active"))
    screen = try run.tmux.press("v", until: "App Store: DID_RENEW")
    #expect(screen.contains("Purchases of alice (2)"))
    #expect(screen.contains("RENEWAL"))
    #expect(screen.contains("1 active"))
    try run.tmux.sendKeys("q", "q")  // the second q answers "quit without saving"
    #expect(try run.waitForExit().status == 0)
  }

  @Test func yOnATransactionPutsItsTransactionIdOnTheClipboard() throws {
    let run = try ProbeRun.epsim()
    try run.tmux.setGlobalOption("set-clipboard", "on")
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", until: "install on alice.iphone")
    try run.tmux.press("p", until: "No purchases yet: b buys")
    try run.tmux.press("b", until: "App account token")
    try run.tmux.sendKeys("Enter")
    try run.tmux.waitForText("SUBSCRIBED/INITIAL_BUY")
    try run.tmux.press("Y", until: "Copy an id")
    let screen = try run.tmux.press("Enter", until: "copied the transactionId")
    let status = try #require(screen.split(separator: "\n").first { $0.contains("copied the transactionId") })
    let id = try #require(status.split(separator: " ").last.map(String.init))
    // The terminal received the OSC 52 sequence: tmux put its text in the paste buffer.
    try run.tmux.waitForScreen("the paste buffer") { _ in (try? run.tmux.pasteBuffer()) == id }
    #expect(id.allSatisfy(\.isNumber) && !id.isEmpty, "\(id)")
    try run.tmux.sendKeys("q", "q")
    #expect(try run.waitForExit().status == 0)
  }
}
