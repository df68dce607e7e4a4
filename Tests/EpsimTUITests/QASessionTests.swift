import EpsimTUI
import Foundation
import LifecycleSimulator
import ScenarioLanguage
import ServerSightings
import TerminalEffects
import Testing
import TextFrame

/// The UI as a QA engineer uses it (issue 17): one environment per world, nothing lost on quit,
/// long lines readable, scenario stepping that follows undo, and the lookup keys.
@Suite("QA sessions")
struct QASessionTests {
  // MARK: One environment per world

  @Test func switchingTheEnvironmentOnceTokensExistIsRefusedAndSaysWhatToDo() throws {
    var state = TUIState.demo()
    state.type("i2R")
    state.press(.right)  // environment: production
    state.press(.enter)
    let dialog = try #require(state.openDialog, "the rules dialog stays open with the reason")
    let error = try #require(dialog.form.error)
    #expect(error.contains("cannot switch to production"))
    #expect(error.contains("docs/rules.md"))
    #expect(error.contains("--rules production"))
    #expect(state.world.rules.environment == .sandbox)
    // The tokens are untouched and a request still answers under sandbox rules.
    state.press(.escape)
    state.type("2")
    #expect(state.world.tokens.allSatisfy { $0.token.externalPurchaseId.hasPrefix("SANDBOX_") })
  }

  @Test func beforeTheFirstTokenTheEnvironmentCanStillChange() {
    var state = TUIState.demo()
    state.type("R")
    state.press(.right, .enter)
    #expect(state.overlay == nil)
    #expect(state.world.rules.environment == .production)
  }

  @Test func aNewWorldTakesTheChosenEnvironmentAndSeed() throws {
    var state = TUIState.demo()
    state.type("i2W")
    state.press(.right)  // production
    state.press(.tab)
    state.submit("7")
    #expect(state.overlay == nil)
    #expect(state.world.rules.environment == .production)
    #expect(state.world.seed == 7)
    #expect(state.world.tokens.isEmpty)
    #expect(!state.simulation.canUndo)
    state.type("i")  // a first install in production starts ACQUISITION and SERVICES periods
    let ids = state.world.tokens.map(\.token.externalPurchaseId)
    #expect(ids.count == 2)
    #expect(ids.allSatisfy { !$0.hasPrefix("SANDBOX") })
    #expect(state.screen.contains(" PRODUCTION "))
    #expect(state.render().lines[0].contains("seed 7") || state.width < 100)
  }

  @Test func aNewWorldRefusesASeedThatIsNotANumber() throws {
    var state = TUIState.demo()
    state.open("W", atField: 1)
    state.submit("abc")
    let dialog = try #require(state.openDialog, "the dialog stays open")
    #expect(dialog.form.error?.contains("seed 'abc' must be a whole number") == true)
  }

  // MARK: Quitting without losing the session

  @Test func quittingWithNothingToLoseQuitsAtOnce() {
    var state = TUIState.demo()
    state.type("q")
    #expect(state.isFinished)
    var ctrlC = TUIState.demo()
    ctrlC.press(.ctrl("c"))
    #expect(ctrlC.isFinished)
  }

  @Test func quittingWithUnsavedStepsAsks() {
    var state = TUIState.demo()
    state.type("i2")
    state.type("q")
    #expect(!state.isFinished)
    #expect(state.context == .confirmQuit)
    #expect(state.screen.contains("2 steps are not saved"))
    state.press(.escape)
    #expect(state.context == .main)
    #expect(!state.isFinished)
    state.press(.ctrl("c"))
    #expect(state.context == .confirmQuit)
    state.press(.ctrl("c"))
    #expect(state.isFinished)
  }

  @Test func ctrlCInADialogAsksToo() {
    var state = TUIState.demo()
    state.type("iC")
    #expect(state.context == .dialog)
    state.press(.ctrl("c"))
    #expect(state.context == .confirmQuit)
    state.type("q")
    #expect(state.isFinished)
  }

  @Test func savingFromTheQuitPromptSavesThenQuits() throws {
    var state = TUIState.demo()
    state.type("i2q")
    let path = ScenarioTests.temporaryPath("quit.epsim")
    defer { try? FileManager.default.removeItem(atPath: path) }
    state.type("w")
    state.replaceField(with: path)
    for effect in state.press(.enter) {
      if let result = EffectRunner.perform(effect) { state.handle(result) }
    }
    #expect(state.isFinished)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(ScenarioRunner().run(try ScenarioParser.parse(text, file: path), file: path).passed)
  }

  @Test func aFailedSaveFromTheQuitPromptKeepsTheSessionOpen() {
    var state = TUIState.demo()
    state.type("i2q")
    state.type("w")
    state.replaceField(with: "/nonexistent-epsim-directory/quit.epsim")
    for effect in state.press(.enter) {
      if let result = EffectRunner.perform(effect) { state.handle(result) }
    }
    #expect(!state.isFinished)
    #expect(state.status?.kind == .error)
  }

  @Test func aSavedSessionQuitsWithoutAskingUntilItChanges() throws {
    var state = TUIState.demo()
    state.type("i2")
    let path = ScenarioTests.temporaryPath("saved.epsim")
    defer { try? FileManager.default.removeItem(atPath: path) }
    ScenarioTests.save(&state, to: path)
    #expect(state.unsavedStepCount == 0)
    state.type("m")
    #expect(state.unsavedStepCount == 1)
    state.type("[")
    #expect(state.unsavedStepCount == 0)
    state.type("q")
    #expect(state.isFinished)
  }

  // MARK: Long lines

  @Test func enterOnALogLineShowsItWhole() throws {
    var state = TUIState.demo()
    state.type("i2")
    state.press(.tab, .tab)  // world → tokens → log
    state.type("kj")  // up to an older line and back to the newest: the token line with its full id
    state.press(.enter)
    guard case .logEntry(let text, _) = state.overlay else {
      Issue.record("Enter on the log opens the line")
      return
    }
    let id = try #require(state.selectedIssuedToken?.token.externalPurchaseId)
    #expect(text.contains(id))
    #expect(state.screen.contains(id))
    state.press(.escape)
    #expect(state.overlay == nil)
  }

  @Test func longStatusAndLogLinesEndInAnEllipsis() {
    var state = TUIState.demo()
    state.type("i2")
    state.press(.tab, .tab)
    // The token line is longer than an 80-column log: it ends in "…", never looks complete.
    let logLines = state.render().lines.filter { $0.contains("token ") && $0.contains("SANDBOX_") }
    #expect(!logLines.isEmpty)
    #expect(logLines.allSatisfy { $0.contains("…") })
  }

  // MARK: Scenario stepping and history

  @Test func undoMovesTheScenarioPointerBack() throws {
    var state = try ScenarioTests.loaded()
    state.type("..")
    #expect(state.script?.performedCount == 2)
    state.type("[")
    #expect(state.script?.performedCount == 1)
    #expect(state.screen.contains("▸ first.epsim:6  request SERVICES on alice.iphone"))
    state.type("[")
    #expect(state.script?.performedCount == 0)
    state.type("]]")
    #expect(state.script?.performedCount == 2)
    // Stepping again after an undo performs the same line again.
    state.type("[.")
    #expect(state.script?.performedCount == 2)
    #expect(state.world.tokens.count == 1)
  }

  @Test func theEndOfAScenarioGivesAPassFailTotal() throws {
    var state = try ScenarioTests.loaded()
    state.type(".....")
    #expect(state.status?.text.hasSuffix("scenario done: 1 pass, 1 FAIL, 1 refused") == true)
    #expect(state.screen.contains("every line stepped (5/5 steps): 1 pass, 1 FAIL, 1 refused"))
  }

  // MARK: Clock and refresh

  @Test func aPendingForcedRefreshShowsInTheHeader() {
    var state = TUIState.demo(width: 120)
    state.type("i2f")
    #expect(state.render().lines[0].contains("next token refreshed"))
    state.type("2")
    #expect(!state.render().lines[0].contains("refresh"))
    var narrow = TUIState.demo(width: 80)
    narrow.type("i2f")
    #expect(narrow.render().lines[0].contains("refresh armed"))
    var smallest = TUIState.demo(width: 60, height: 16)
    smallest.type("i2f")
    #expect(smallest.render().lines[0].contains("↻"))
  }

  @Test func aSandboxUpdateSaysWhyNoPeriodStarted() {
    var state = TUIState.demo()
    state.type("iu")
    #expect(
      state.status?.text
        == "update on alice.iphone: no period started: under these rules a SERVICES period starts on a"
        + " token request (2), not on an update or redownload")
  }

  @Test func oneMillisecondBeforeAnExpiryTheKeySaysSo() {
    var state = TUIState.demo()
    state.type("i2<")
    let now = state.world.now
    state.type("<")
    #expect(state.world.now == now)
    #expect(state.status?.text.hasPrefix("already 1ms before the next expiry") == true)
  }

  @Test func jumpToTheSelectedTokensExpiry() throws {
    var state = TUIState.demo()
    state.type("i12")  // ACQUISITION, then SERVICES (selected)
    state.press(.tab)
    state.type("k")  // up to the ACQUISITION token
    let expiration = try #require(state.selectedIssuedToken?.token.tokenExpirationDate)
    state.type("T")
    #expect(state.world.now == expiration)
    state.type("T")
    #expect(state.world.now == expiration, "an expired token's expiry lies behind")
  }

  // MARK: Finding and copying

  @Test func slashFiltersTheTokenListAndTheLog() throws {
    var state = TUIState.demo(width: 120, height: 40)
    state.type("i21")
    let services = try #require(state.world.tokens.first { $0.token.tokenType == .services })
    let part = String(services.token.externalPurchaseId.dropFirst(8).prefix(6))
    state.type("/" + part)
    state.press(.enter)
    let screen = state.screen
    #expect(screen.contains("Tokens of alice (1) · filter '\(part)'"))
    #expect(screen.contains("Event log · filter '\(part)'"))
    let acquisition = try #require(state.world.tokens.first { $0.token.tokenType == .acquisition })
    #expect(!screen.contains(acquisition.token.externalPurchaseId.prefix(16)))
    state.type("/")
    state.press(.ctrl("u"), .enter)
    #expect(state.screen.contains("Tokens of alice (2)"))
  }

  @Test func allCustomersTokensInOneList() {
    var state = TUIState.demo()
    state.type("jjjjji3")  // kenji: IN_APP
    state.type("kkkkki2")  // alice: SERVICES
    #expect(state.screen.contains("Tokens of alice (1)"))
    state.type("a")
    let screen = state.screen
    #expect(screen.contains("All tokens (2)"))
    #expect(screen.contains("alice SERVICES #1"))
    #expect(screen.contains("kenji IN_APP #1"))
    state.type("a")
    #expect(state.screen.contains("Tokens of alice (1)"))
  }

  @Test func copyTheIdOrTheLinkOutURL() throws {
    var state = TUIState.demo()
    state.type("i2")
    let id = try #require(state.selectedIssuedToken?.token.externalPurchaseId)
    #expect(state.type("Y") == [.copyToClipboard(id)])
    #expect(state.type("L").isEmpty, "a custom link token has no URL")
    #expect(state.status?.text.contains("no link-out URL") == true)
    state.type("o")
    guard let url = state.selectedIssuedToken?.linkOutURL else {
      Issue.record("o makes a link-out token")
      return
    }
    #expect(state.type("L") == [.copyToClipboard(url)])
    // Too long for the status line (it carries the token): said, not shown cut.
    #expect(
      state.status?.text
        == "copied the link-out URL (\(url.count) characters; Enter shows it whole in the details)")
  }

  @Test func refusedReportsShowWithTheServerBeside() {
    var state = TUIState.demo(width: 160, height: 40)
    state.type("i2")
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:9", refusals: [])))
    state.handle(
      .serverActivity(
        ServerActivity(
          address: "http://127.0.0.1:9",
          refusals: [
            ServerRefusal(
              sequence: 1, reason: "PUT /externalPurchase/v1/reports refused (401): no bearer token",
              externalPurchaseId: nil)
          ])))
    #expect(state.status?.kind == .error)
    #expect(
      state.status?.text == "mock server: PUT /externalPurchase/v1/reports refused (401): no bearer token")
    #expect(state.render().lines[0].contains("serving http://127.0.0.1:9 (1 refused)"))
    state.press(.enter)
    let seen = state.screensPagingDown(6)
    #expect(seen.contains("Requests the mock server refused"))
  }

  // MARK: Footer

  @Test(arguments: [80, 120, 250])
  func theFooterShowsEveryKeyThatAppliesNow(width: Int) {
    var state = TUIState.demo(width: width)
    state.type("i2")
    let footer = state.render().lines[state.layout.footer.y...].joined(separator: "  ")
    // Each key shows with its label, and "+N more (?)" counts exactly the ones left out.
    let bindings = state.footerBindings()
    let shown = bindings.filter { footer.contains("\($0.keys[0].label) \($0.label)") }
    let left = bindings.count - shown.count
    #expect(shown.map(\.label) == Array(bindings.prefix(shown.count)).map(\.label), "\(footer)")
    #expect(left == 0 ? !footer.contains(" more (?)") : footer.contains("+\(left) more (?)"), "\(footer)")
    #expect(width < 250 || left == 0, "every key fits at 250 columns: \(footer)")
  }
}
