import EpsimTUI
import LifecycleSimulator
import Testing
import TextFrame

@Suite("Update: dialogs")
struct DialogTests {
  @Test func addCustomerWithDefaultsThenWithAChosenName() {
    var state = TUIState.demo()
    state.type("C")
    #expect(state.context == .dialog)
    state.press(.enter)
    #expect(state.world.customer("customer1") != nil)
    #expect(state.selectedCustomerId == "customer1")
    state.type("C")
    state.replaceField(with: "dora")
    state.press(.tab)
    state.type("n")  // the choice field picks "no"
    state.press(.enter)
    #expect(state.world.customer("dora")?.canMakePayments == false)
  }

  @Test func engineRefusalsStayInTheDialog() {
    var state = TUIState.demo()
    state.type("C")
    state.submit("alice")
    state.expectDialogKept(saying: "customer 'alice' already exists")
    #expect(state.status?.kind == .error)
    state.submit("9lives")
    #expect(state.screen.contains("must start with a letter"))
    state.press(.escape)
    #expect(state.context == .main)
    #expect(state.world.customers.count == 3)
  }

  @Test func addDeviceToTheSelectedCustomer() throws {
    var state = TUIState.demo()
    state.type("A")
    state.replaceField(with: "alice.mac")
    state.press(.tab, .tab)  // customer stays alice; to the platform
    state.type("m")  // macOS
    state.press(.tab)
    state.replaceField(with: "15.1")
    state.press(.tab)
    state.submit("de")
    let device = try #require(state.world.device("alice.mac"))
    #expect(device.platform == .macOS)
    #expect(device.osVersion == OSVersion(15, 1))
    #expect(device.storefront == "de")
    #expect(device.customerId == "alice")
    #expect(state.selectedDevice?.id == "alice.mac")
  }

  @Test func addDeviceValidatesTheOSVersion() {
    var state = TUIState.demo()
    state.open("A", atField: 3)
    state.submit("eighteen")
    state.expectDialogKept(saying: "OS version 'eighteen' must look like 18, 18.2 or 18.2.1")
  }

  @Test func editDeviceChangesOSAndStorefrontAtomically() {
    var state = TUIState.demo()
    state.type("j")  // alice.ipad, iPadOS 17.5
    state.type("E")
    state.replaceField(with: "18.1")
    state.press(.tab)
    state.submit("NL")
    #expect(state.context == .dialog, "an upper-case storefront is refused")
    #expect(state.world.device("alice.ipad")?.osVersion == OSVersion(17, 5), "nothing applied")
    state.submit("fr")
    #expect(state.context == .main)
    #expect(state.world.device("alice.ipad")?.osVersion == OSVersion(18, 1))
    #expect(state.world.device("alice.ipad")?.storefront == "fr")
  }

  @Test func rulesDialogSwitchesPresetsAndSettings() {
    var state = TUIState.demo()
    state.type("R")
    state.press(.right)  // environment: production, loads its preset
    #expect(state.screen.contains("365d"))
    state.press(.enter)
    #expect(state.world.rules == .production)
    #expect(state.screen.contains("PRODUCTION"))
    state.type("R")
    state.press(.left)
    for _ in 0..<7 { state.press(.tab) }  // to the refresh policy
    state.press(.right, .right)  // every Nth
    state.press(.tab)
    state.type("3")
    state.press(.up, .up, .up)  // IN_APP lifetime
    state.submit("2h")
    #expect(state.world.rules.environment == .sandbox)
    #expect(state.world.rules.refreshPolicy == .everyNth(3))
    #expect(state.world.rules.lifetimes.inApp == 2 * Milliseconds.hour)
    #expect(state.world.rules.lifetimes.services == Milliseconds.hour)
  }

  @Test func rulesDialogValidates() {
    var state = TUIState.demo()
    state.open("R", atField: 3)
    state.submit("forever")
    state.expectDialogKept(saying: "ACQUISITION lifetime: expected a number")
    state.submit("0ms")
    #expect(state.screen.contains("expected a lifetime longer than 0ms"))
    state.replaceField(with: "1h")
    for _ in 0..<4 { state.press(.tab) }
    state.press(.right, .right, .right)  // probability
    state.press(.tab)
    state.type("2")
    state.press(.enter)
    #expect(state.screen.contains("probability needs a number from 0 to 1"))
  }

  @Test func textFieldEditing() {
    var state = TUIState.demo()
    state.type("C")
    state.replaceField(with: "abc")
    state.press(.left, .left, .backspace)
    state.type("X")
    state.press(.delete, .home)
    state.type("<")
    state.press(.ctrl("e"))
    state.type(">")
    state.press(.enter)
    state.expectDialogKept(saying: "'<Xc>'")
    state.press(.left, .left, .ctrl("k"))
    state.press(.enter)
    #expect(state.screen.contains("'<X'"))
    state.press(.left, .ctrl("u"))  // leaves "X", a valid name
    state.press(.enter)
    #expect(state.world.customer("X") != nil)
  }
}
