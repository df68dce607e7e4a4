import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import LifecycleSimulator
import ScenarioLanguage
import Testing

/// The App Store settings dialog (`G`): each change a step, as a scenario's `commerce` line
/// (issue 29, point 5).
@Suite("App Store settings in the UI")
struct StoreSettingsTests {
  @Test func theGracePeriodIsSetAsAStepAndUndoTakesItBack() {
    var state = TUIState.store()
    state.type("G")
    #expect(state.context == .dialog)
    state.press(.right, .right)  // off → 3d → 16d
    state.press(.enter)
    #expect(state.context == .main, "\(state.screen)")
    let grace = state.store.state.settings.gracePeriod
    #expect(grace.enabled && grace.duration == .sixteenDays)
    #expect(state.status?.text == "commerce grace-period 16d")
    #expect(state.simulation.position == 2, "the install and the setting")
    state.type("[")
    #expect(!state.store.state.settings.gracePeriod.enabled)
  }

  /// A tester's renewal rate and failing renewals; a renewal then fails into the grace period.
  @Test func aTestersRateAndFailingRenewalsApplyAsTheScenarioLinesDo() throws {
    var state = TUIState.store()
    state.type("G")
    state.press(.right, .right)  // grace 16d
    state.press(.tab, .tab, .tab)  // the renewal rate of alice (the selected customer)
    state.press(.right)  // 3m → ... the next rate
    state.press(.tab)
    state.press(.right)  // failing renewals on
    state.press(.enter)
    #expect(state.context == .main, "\(state.screen)")
    let rate = try #require(state.store.rates["alice"])
    #expect(rate != .fiveMinutes)
    #expect(state.store.failing.contains("alice"))
    state.type("p")
    state.buy()
    state.type("v")  // the next renewal fails: billing retry with grace
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.status(of: chain) == .billingGracePeriod)

    // Saved, the session's settings are `commerce` lines; `epsim run` makes the same App Store.
    state.type("w")
    let effects = state.press(.enter)
    guard case .writeFile(_, let text) = try #require(effects.first) else {
      Issue.record("no file written")
      return
    }
    #expect(text.contains("commerce grace-period 16d"), "\(text)")
    #expect(text.contains("commerce failing-renewals alice"), "\(text)")
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(text, file: "s.epsim"), file: "s.epsim")
    #expect(transcript.passed, "\(TranscriptText.problems(transcript))")
  }

  /// Picking another tester shows their own rate: submitting changes nothing for them.
  @Test func anotherTesterShowsTheirOwnSettings() {
    var state = TUIState.store()
    state.open("G", atField: 3)
    state.press(.right, .right, .right)  // alice: 1h
    state.press(.enter)
    #expect(state.store.rates["alice"] == .oneHour)
    let steps = state.simulation.position
    state.open("G", atField: 2)
    state.press(.right)  // the next tester: bruno, at the default rate
    state.press(.enter)
    #expect(state.simulation.position == steps, "nothing changed: \(state.status?.text ?? "")")
    #expect(state.store.rates["bruno"] == nil)
  }

  @Test func turningFailingRenewalsOffSaysHow() {
    var state = TUIState.store()
    state.open("G", atField: 4)
    state.press(.right)  // on
    state.press(.enter)
    state.open("G", atField: 4)
    state.press(.left)  // back off
    state.press(.enter)
    state.expectDialogKept(saying: "billing recovers")
  }
}
