import EpsimTUI
import Foundation
import LifecycleSimulator
import TerminalEffects
import Testing
import TextFrame

/// What a new user reads in the UI (issue 15 item 5): the help says where it is and lets q
/// quit, the details keep numbers whole, the server beside the UI stays in view, and the
/// export dialog says what it writes.
@Suite("UI text for a new user")
struct NewUserTextTests {
  @Test func theHelpSaysThereIsMoreBelowUntilTheEnd() {
    var state = TUIState.demo()
    state.type("?")
    var screen = state.screen
    #expect(screen.contains("Keys (Esc closes, / searches) · lines 1-"))
    #expect(screen.contains("more lines: j, Space or PgDn scroll"))
    state.press(.end)
    screen = state.screen
    #expect(!screen.contains("more lines"))
  }

  @Test func qQuitsFromTheHelpAsTheFooterSays() {
    var state = TUIState.demo()
    state.type("?")
    #expect(state.footerBindings().contains { $0.action == .quit })
    state.type("q")
    #expect(state.isFinished)
    var busy = TUIState.demo()
    busy.type("i?q")
    #expect(busy.context == .confirmQuit, "with unsaved steps it asks, as on the main screen")
  }

  @Test func theDetailsShowCreatedAndExpiresInFullAt120By40() throws {
    var state = TUIState.demo(width: 120, height: 40)
    state.type("i2")
    let token = try #require(state.selectedIssuedToken?.token)
    let screen = state.screen
    #expect(screen.contains("Created  \(ISOTime.string(token.tokenCreationDate))"))
    #expect(screen.contains("\(token.tokenCreationDate) ms"))
    #expect(screen.contains("\(try #require(token.tokenExpirationDate)) ms"))
  }

  @Test(arguments: [120, 124, 160])
  func theServersAddressStaysInTheHeaderAndTheAdviceNamesIt(width: Int) throws {
    var state = TUIState.demo(width: width, height: 40)
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:54321")))
    #expect(state.render().lines[0].contains("serving http://127.0.0.1:54321"))
    state.type("i21f2")
    #expect(state.render().lines[0].contains("serving http://127.0.0.1:54321"), "after tokens too")
    state.press(.enter)
    let seen = state.screensPagingDown(5)
    #expect(seen.contains("Send reports to the mock server at http://127.0.0.1:54321"))
    #expect(!seen.contains("Send reports to api.storekit-sandbox.apple.com."))
  }

  @Test func theExportDialogSaysObjectAndCountsInTheSingular() throws {
    var state = TUIState.demo()
    state.type("i2X")
    #expect(state.screen.contains("Writes one JSON object"))
    let path = ScenarioTests.temporaryPath("one.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    state.replaceField(with: path)
    for effect in state.press(.enter) {
      if let result = EffectRunner.perform(effect) { state.handle(result) }
    }
    #expect(state.status?.text == "exported 1 token to \(path)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(json is [String: Any], "the file is the object the dialog promises")
  }
}

/// Under `--serve` the header says where the server is at every width: shortened, never dropped
/// (issue 44: at 80 columns a five-digit port used to vanish).
@Suite struct ServerAddressAtEveryWidthTests {
  @Test(arguments: [60, 64, 72, 80, 100, 120])
  func theHeaderAlwaysNamesTheServersPort(width: Int) throws {
    var state = TUIState.demo(width: width, height: 30)
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:54321")))
    state.type("i21")  // tokens, so the header also shows the time to the next expiry
    let header = state.render().lines[0]
    #expect(header.contains(":54321"), "\(width) columns: \(header)")
    #expect(header.contains("SANDBOX") && header.contains("2026-03-01T09:00:00.000Z"), "\(header)")
  }

  @Test func theAddressIsShortenedStepByStep() {
    #expect(
      TUIState.shortenedAddresses("https://staging.example:8443") == [
        "https://staging.example:8443", "staging.example:8443", ":8443",
      ])
  }
}
