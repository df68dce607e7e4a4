import EpsimTUI
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Update: events on the selected device")
struct DeviceEventTests {
  @Test func installThenRequestSelectsTheNewToken() throws {
    var state = TUIState.demo()
    #expect(state.selectedDevice?.id == "alice.iphone")
    state.type("i")
    #expect(state.world.device("alice.iphone")?.installedVersion == "1.0")
    state.type("2")
    let token = try #require(state.selectedIssuedToken)
    #expect(token.token.tokenType == .services)
    #expect(token.token.tokenExpirationDate == DemoWorld.startTime + Milliseconds.hour)
    #expect(state.status?.kind == .success)
    #expect(state.status?.text.contains(token.token.externalPurchaseId) == true)
  }

  @Test func eachRequestKeyAsksForItsType() {
    var state = TUIState.demo()
    state.type("i1")
    #expect(state.selectedIssuedToken?.token.tokenType == .acquisition)
    state.type("2")
    #expect(state.selectedIssuedToken?.token.tokenType == .services)
    // IN_APP and LINK_OUT need iOS 26.4: alice's iPhone on 18.2 throws.
    state.type("3")
    #expect(state.status?.kind == .error)
    #expect(
      state.status?.text.contains(
        "token(for: IN_APP) on alice.iphone throws: token(for: IN_APP) needs iOS 26.4") == true)
    state.type("jjjjj")  // down to kenji.iphone
    #expect(state.selectedDevice?.id == "kenji.iphone")
    state.type("i34")
    #expect(state.world.tokens.suffix(2).map(\.token.tokenType) == [.inApp, .linkOut])
    #expect(state.selectedIssuedToken?.token.tokenType == .linkOut)
  }

  @Test func forcedRefreshGivesANewIdWithTheSameDates() throws {
    var state = TUIState.demo()
    state.type("i2")
    let original = try #require(state.selectedIssuedToken)
    state.type("f2")
    let refreshed = try #require(state.selectedIssuedToken)
    #expect(refreshed.isRefresh)
    #expect(refreshed.token.externalPurchaseId != original.token.externalPurchaseId)
    #expect(refreshed.token.tokenExpirationDate == original.token.tokenExpirationDate)
    #expect(state.status?.text.hasSuffix("(refreshed)") == true)
  }

  @Test func lifecycleKeysAndTheirRefusals() {
    var state = TUIState.demo()
    state.type("u")
    #expect(state.status?.kind == .error, "update before install is refused")
    #expect(state.status?.text.contains("not installed") == true)
    state.type("ix")
    #expect(state.world.device("alice.iphone")?.isAppInstalled == false)
    state.type("r")
    #expect(state.world.device("alice.iphone")?.isAppInstalled == true)
    state.type("i")
    #expect(state.status?.text.contains("already installed") == true)
  }

  @Test func legacyApisAndEligibility() {
    var state = TUIState.demo()
    state.type("iS")
    #expect(state.selectedIssuedToken?.source == .noticeSheet)
    state.type("o")
    guard let url = state.selectedIssuedToken?.linkOutURL else {
      Issue.record("link-out should select a link-out token")
      return
    }
    #expect(url.hasPrefix("https://example.com/buy?externalPurchaseToken="))
    state.type("c")
    #expect(state.status?.text == "isEligible is true")
  }

  @Test func ineligibleDeviceSaysWhyInTheStatusLine() {
    var state = TUIState.demo()
    state.type("j")
    #expect(state.selectedDevice?.id == "alice.ipad")
    #expect(state.status?.text.contains("needs iPadOS 18.1") == true)
    state.type("i2")
    #expect(state.status?.kind == .error)
    #expect(state.status?.text.contains("throws") == true)
  }

  @Test func deviceKeysNeedADevice() {
    var state = TUIState.demo()
    state.press(.home)
    #expect(state.selectedDevice == nil)
    state.type("i")
    #expect(state.status?.text.contains("select a device") == true)
    #expect(state.world.devices.allSatisfy { !$0.isAppInstalled })
  }

  @Test func paymentsToggle() {
    var state = TUIState.demo()
    state.type("P")
    #expect(state.world.customer("alice")?.canMakePayments == false)
    state.type("i2")
    #expect(state.status?.text.contains("cannot make payments") == true)
  }
}
