import EpsimTUI
import LifecycleSimulator
import Testing

/// Numbers that once crashed the UI (the Buy quantity, Go-to duration and epoch time, lifetime
/// fields): each is refused under its field with the limits every door shares, and nothing changes.
@Suite("UI numbers at and beyond their limits")
struct HostileNumberTests {
  @Test(arguments: ["11", "0", "99999999999999999999", "9223372036854775807"])
  func aBuyQuantityOutsideTheLimitsKeepsTheFormOpen(_ quantity: String) {
    var state = TUIState.store()
    state.open("pb", atField: 2)  // quantity
    state.submit(quantity)
    state.expectDialogKept(saying: "expected a quantity from 1 to 10")
    #expect(state.simulation.position == 1, "only the install")
  }

  @Test(arguments: [
    "+106751991167d", "+2932897d", "9223372036854775807", "-1", "99999999999999999999999",
  ])
  func aGoToTimeOutsideTheClockKeepsTheDialog(_ text: String) {
    var state = TUIState.demo()
    state.type("g")
    state.submit(text)
    #expect(state.context == .dialog, "\(state.screen)")
    #expect(state.world.now == DemoWorld.startTime)
  }

  @Test func aGoToTimeAtTheLastInstantIsReached() {
    var state = TUIState.demo()
    state.type("g")
    state.submit("9999-12-31T23:59:59.999Z")
    #expect(state.context == .main)
    #expect(state.world.now == StepLimits.latestTime)
    state.type("g")
    state.submit("+1ms")
    #expect(state.context == .dialog)
    #expect(state.world.now == StepLimits.latestTime)
  }

  @Test(arguments: ["106751991167d", "2932897d"])
  func aLifetimeOutsideTheLimitsIsRefused(_ text: String) {
    var state = TUIState.demo()
    let rules = state.world.rules
    state.open("R", atField: 3)  // ACQUISITION lifetime
    state.submit(text)
    state.expectDialogKept(saying: "ACQUISITION lifetime")
    #expect(state.world.rules == rules)
  }
}
