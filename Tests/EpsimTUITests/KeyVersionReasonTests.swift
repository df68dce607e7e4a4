import EpsimTUI
import LifecycleSimulator
import Testing

/// The terminal UI shows why a key the device's OS predates does not make the app eligible.
@Suite("Key versions in the terminal UI")
struct KeyVersionReasonTests {
  @Test func theUINamesTheKeyAndItsVersion() {
    var world = DemoWorld.world()
    // The demo app's jp comes from the allowed-regions entitlement alone (26.2+).
    world.devices[3].osVersion = OSVersion(26, 1)
    var state = TUIState(world: world)
    state.type("jjjjj")  // down to kenji.iphone
    #expect(state.selectedDevice?.id == "kenji.iphone")
    state.type("ic")
    let expected =
      "storefront jp is listed only in com.apple.developer.storekit.custom-purchase-link.allowed-regions, "
      + "which needs iOS 26.2 or later; the device runs 26.1"
    #expect(state.status?.kind == .error)
    #expect(state.status?.text.contains(expected) == true, "\(state.status?.text ?? "")")
  }
}
