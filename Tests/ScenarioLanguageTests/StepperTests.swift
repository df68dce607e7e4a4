import LifecycleSimulator
import SharedTestSupport
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

@Suite("Stepper: a scenario one line at a time on someone else's simulation")
struct StepperTests {
  static let text =
    ScenarioSetup.aliceInTheNetherlands("sandbox", appId: 1) + """

      install alice.iphone
      request SERVICES on alice.iphone  expect new period   # starts the period
      advance 2h
      install alice.iphone
      expect SERVICES active
      """

  @Test func stepsApplyLinesAndCheckTheirExpectations() throws {
    var stepper = try ScenarioStepper(text: Self.text, file: "s.epsim")
    let world = try stepper.initialWorld().get()
    var simulation = WorldSimulation(tokens: Simulation(initial: world), store: nil)
    #expect(stepper.nextStatement?.location.line == 5)
    #expect(stepper.sourceText(of: try #require(stepper.nextStatement)) == "install alice.iphone")
    _ = stepper.step(on: &simulation)
    let request = try #require(stepper.nextStatement)
    #expect(
      stepper.sourceText(of: request)
        == "request SERVICES on alice.iphone  expect new period   # starts the period")
    guard case .performed(let entry) = stepper.step(on: &simulation) else {
      Issue.record("the request was refused")
      return
    }
    #expect(entry.expectations.map(\.status) == [.passed])
    #expect(simulation.world.tokens.count == 1)
    _ = stepper.step(on: &simulation)
    // Installing twice: the engine refuses, the stepper moves on and the world is unchanged.
    let before = simulation.position
    guard case .refused(let failure) = stepper.step(on: &simulation) else {
      Issue.record("a second install should be refused")
      return
    }
    #expect(failure.location.line == 8)
    #expect(simulation.position == before)
    guard case .performed(let check) = stepper.step(on: &simulation) else {
      Issue.record("expect lines always run")
      return
    }
    #expect(check.expectations.map(\.status) == [.failed], "the period expired after 1h")
    #expect(stepper.nextStatement == nil)
    #expect(stepper.step(on: &simulation) == nil)
  }
}
