import EpsimTUI
import Foundation
import FrameSnapshotTesting
import LifecycleSimulator
import ScenarioLanguage
import SharedTestSupport
import TerminalEffects
import Testing
import TextFrame

/// Scenarios in the UI: opening one and stepping through its lines, and saving a session as one.
@Suite("Scenarios in the UI")
struct ScenarioTests {
  static let text =
    "# Sandbox: the first request starts a SERVICES period.\n"
    + ScenarioSetup.aliceInTheNetherlands("sandbox", appId: 1, installed: true) + """
      request SERVICES on alice.iphone  expect new period
      advance to next expiry
      expect SERVICES active
      install alice.iphone
      """

  static func loaded(width: Int = 80, height: Int = 24) throws -> TUIState {
    try TUIState(script: try ScenarioStepper(text: text, file: "first.epsim"), width: width, height: height)
  }

  static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("epsim-tui-\(UUID())-\(name)").path
  }

  @Test func opensOnTheSetupWorldWithTheFirstStepShown() throws {
    let state = try Self.loaded()
    #expect(state.world.devices.map(\.id) == ["alice.iphone"])
    #expect(state.world.tokens.isEmpty)
    #expect(state.screen.contains("▸ first.epsim:5  install alice.iphone"))
    #expect(state.screen.contains("0/5 steps"))
    #expect(state.footerBindings().first?.action == .stepScenario)
  }

  @Test func stepsShowVerdictsInTheLog() throws {
    var state = try Self.loaded(width: 200, height: 60)
    state.type("..")
    #expect(state.world.tokens.count == 1)
    var screen = state.screen
    #expect(screen.contains("first.epsim:7  advance to next expiry"))
    #expect(screen.contains("line    first.epsim:6  request SERVICES on alice.iphone  expect new period"))
    #expect(screen.contains("pass    expect new period"))
    #expect(state.status?.text.hasPrefix("first.epsim:6 SERVICES") == true)
    #expect(state.status?.text.hasSuffix("; expectations pass") == true)
    state.type("..")
    screen = state.screen
    #expect(screen.contains("FAIL    expect SERVICES active: expected active for alice, got expired"))
    #expect(state.status?.kind == .error)
    state.type(".")
    #expect(state.status?.text.contains("refused") == true)
    #expect(state.screen.contains("first.epsim: every line stepped (5/5 steps)"))
    state.type(".")
    #expect(state.status?.text == "first.epsim: every line has been stepped through")
  }

  @Test func undoingAStepHidesItsNotes() throws {
    var state = try Self.loaded()
    state.type("..")
    #expect(state.screen.contains("pass    expect new period"))
    state.type("[")
    #expect(!state.screen.contains("pass    expect new period"))
    state.type("]")
    #expect(state.screen.contains("pass    expect new period"))
    state.type("[2")  // a new request replaces the undone step: its notes are gone for good
    state.type("[]")
    #expect(!state.screen.contains("pass    expect new period"))
  }

  @Test func scenarioScreen() throws {
    var state = try Self.loaded()
    state.type("...")
    expectSnapshot(state.render(), named: "scenario-80x24")
    var dialog = TUIState.demo()
    dialog.type("i2w")
    expectSnapshot(dialog.render(), named: "save-scenario-dialog-80x24")
    var small = try Self.loaded(width: 60, height: 16)
    small.type("..")
    expectSnapshot(small.render(), named: "scenario-60x16")
  }

  /// Saves the session through the dialog and performs the write as the terminal host does.
  static func save(_ state: inout TUIState, to path: String) {
    state.type("w")
    state.replaceField(with: path)
    for effect in state.press(.enter) {
      if let result = EffectRunner.perform(effect) { state.handle(result) }
    }
  }

  @Test func savedSessionRunsAndPasses() throws {
    var state = TUIState.demo()
    // Install, SERVICES twice, a forced refresh, IN_APP (refused: iOS 18.2), ACQUISITION, the
    // exact expiry, SERVICES again (nil is not possible in sandbox: a new period), isEligible,
    // the notice sheet, then bruno (cannot pay) and kenji (IN_APP in Japan).
    state.type("i22f231e2cS")
    state.type("jjji2")  // bruno.iphone
    state.type("jji3")  // kenji.iphone
    let path = Self.temporaryPath("session.epsim")
    defer { try? FileManager.default.removeItem(atPath: path) }
    Self.save(&state, to: path)
    #expect(state.status == StatusMessage(.success, "saved 15 steps as a scenario to \(path)"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(text, file: path), file: path)
    #expect(transcript.passed, "\(transcript.failedExpectations)\n\(text)")
    #expect(text.contains("expect token and field tokenType = SERVICES and same period and refreshed id"))
    #expect(text.contains("expect not eligible reason os-too-old"))
    #expect(text.contains("expect not eligible reason payments"))
    #expect(text.contains("expect SERVICES expired for alice"))
    #expect(transcript.expectations.count >= 20)
  }

  @Test func aScenarioSessionSavesItsSetupAndSteps() throws {
    var state = try Self.loaded()
    state.type("..m")
    let path = Self.temporaryPath("stepped.epsim")
    defer { try? FileManager.default.removeItem(atPath: path) }
    Self.save(&state, to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("device alice.iphone iOS 18.2 storefront nl\ninstall alice.iphone\n"))
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(text, file: path), file: path)
    #expect(transcript.passed, "\(transcript.failedExpectations)\n\(text)")
    #expect(transcript.entries.count == 3)
  }

  @Test func aWriteErrorShowsInTheStatusLine() throws {
    var state = TUIState.demo()
    state.type("i2")
    let path = "/nonexistent-epsim-directory/session.epsim"
    Self.save(&state, to: path)
    #expect(state.overlay == nil)
    #expect(state.status?.kind == .error)
    #expect(
      state.status?.text
        == "saving to \(path) failed: No such file or directory")
    state.type("w")
    state.submit("  ")
    let dialog = try #require(state.openDialog, "a blank path keeps the dialog open")
    #expect(dialog.form.error == "type a file path, e.g. epsim-session.epsim")
  }
}
