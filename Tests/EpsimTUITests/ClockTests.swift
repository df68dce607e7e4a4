import EpsimTUI
import LifecycleSimulator
import Testing

@Suite("Update: the clock")
struct ClockTests {
  @Test func stepsAdvanceBySecondMinuteHourDay() {
    var state = TUIState.demo()
    let start = state.world.now
    state.type("s")
    #expect(state.world.now == start + Milliseconds.second)
    state.type("m")
    #expect(state.world.now == start + Milliseconds.second + Milliseconds.minute)
    state.type("h")
    state.type("d")
    #expect(
      state.world.now == start + Milliseconds.second + Milliseconds.minute + Milliseconds.hour
        + Milliseconds.day)
  }

  @Test func expiryJumpsLandOneMillisecondBeforeAtAndAfter() throws {
    var state = TUIState.demo()
    state.type("i2")
    let expiry = try #require(state.selectedIssuedToken?.token.tokenExpirationDate)
    state.type("<")
    #expect(state.world.now == expiry - 1)
    #expect(state.selectedIssuedToken?.token.isActive(at: state.world.now) == true)
    state.type("e")
    #expect(state.world.now == expiry)
    #expect(state.selectedIssuedToken?.token.isActive(at: state.world.now) == false)
    #expect(state.status?.text.contains("1 period expired") == true)
    #expect(state.screen.contains("expired"))
  }

  @Test func expiryPlusOneAndNoExpiryAhead() throws {
    var state = TUIState.demo()
    state.type("e")
    #expect(state.status?.kind == .error)
    #expect(state.status?.text.contains("no expiry lies ahead") == true)
    state.type("i2>")
    let expiry = try #require(state.selectedIssuedToken?.token.tokenExpirationDate)
    #expect(state.world.now == expiry + 1)
  }

  @Test func goToTimeAcceptsIsoEpochAndDurations() {
    var state = TUIState.demo()
    state.type("g")
    #expect(state.context == .dialog)
    state.submit("2026-03-01T10:30:00.000Z")
    #expect(state.context == .main)
    #expect(state.world.now == ISOTime.parse("2026-03-01T10:30:00.000Z"))
    state.type("g")
    state.submit("+1h30m")
    #expect(state.world.now == ISOTime.parse("2026-03-01T12:00:00.000Z"))
    state.type("g")
    state.submit(String(ISOTime.parse("2026-03-02T00:00:00Z")!))
    #expect(state.world.now == ISOTime.parse("2026-03-02T00:00:00Z"))
  }

  @Test func goToTimeExplainsBadInputAndKeepsTheDialog() {
    var state = TUIState.demo()
    state.type("g")
    state.submit("tomorrow")
    state.expectDialogKept(saying: "'tomorrow' is not YYYY-MM-DDTHH:MM:SS[.mmm]Z")
    state.submit("2020-01-01T00:00:00Z")
    #expect(state.context == .dialog, "moving the clock back is refused")
    #expect(state.screen.contains("cannot move back"))
    #expect(state.status?.kind == .error)
    state.press(.escape)
    #expect(state.context == .main)
    #expect(state.world.now == DemoWorld.startTime)
  }

  @Test func playingAdvancesByElapsedTimesRate() {
    var state = TUIState.demo()
    state.handle(.tick(elapsedMilliseconds: 1_000))
    #expect(state.world.now == DemoWorld.startTime, "paused: ticks do nothing")
    state.type(" ")
    #expect(state.isPlaying)
    state.handle(.tick(elapsedMilliseconds: 250))
    #expect(state.world.now == DemoWorld.startTime + 250)
    state.type("+")
    #expect(state.playRate == .minutePerSecond)
    state.handle(.tick(elapsedMilliseconds: 1_000))
    #expect(state.world.now == DemoWorld.startTime + 250 + 60_000)
    state.type("++")
    #expect(state.playRate == .hourPerSecond)
    state.handle(.tick(elapsedMilliseconds: 100))
    #expect(state.world.now == DemoWorld.startTime + 250 + 60_000 + 360_000)
    state.type("---")
    #expect(state.playRate == .realTime)
    state.type(" ")
    state.handle(.tick(elapsedMilliseconds: 1_000))
    #expect(state.world.now == DemoWorld.startTime + 250 + 60_000 + 360_000)
  }

  @Test func consecutiveTicksAreOneStepOfHistoryThatLogsEveryExpiry() throws {
    var state = TUIState.demo()
    state.type("i2")
    let steps = state.simulation.position
    state.type("+++ ")
    for _ in 0..<20 { state.handle(.tick(elapsedMilliseconds: 100)) }  // 2 h of virtual time
    #expect(state.world.now == DemoWorld.startTime + 2 * Milliseconds.hour)
    #expect(state.simulation.position == steps + 1)
    let log = try #require(state.simulation.tokens.appliedSteps.last?.outcome.log)
    #expect(log.contains { $0.kind == .expiry })
    // Any other event ends the step: the next tick starts a new one.
    state.type("3")
    state.handle(.tick(elapsedMilliseconds: 100))
    #expect(state.simulation.position == steps + 3)
    state.type("[")
    #expect(state.world.now == DemoWorld.startTime + 2 * Milliseconds.hour)
  }

  @Test func ticksWaitWhileADialogIsOpen() {
    var state = TUIState.demo()
    state.type(" g")
    state.handle(.tick(elapsedMilliseconds: 1_000))
    #expect(state.world.now == DemoWorld.startTime)
  }
}
