import EpsimTUI
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// Keys 3 and 4 (the String form) and 5 and 6 (the typed form of 27.2): the footer shows the
/// pair the selected device's OS would use; every key works and refusals say why (SPEC 5).
@Suite("Keys: the typed request of 27.2")
struct TypedRequestKeyTests {
  /// The demo world with kenji's iPhone on 27.2, kenji's iPhone selected and the app installed.
  static func kenjiOnTwentySevenTwo(width: Int = 160) -> TUIState {
    var world = DemoWorld.world()
    let index = world.devices.firstIndex { $0.id == "kenji.iphone" }!
    world.devices[index].osVersion = OSVersion(27, 2)
    var state = TUIState(world: world, width: width, height: 30)
    state.type("jjjjj")
    state.type("i")
    return state
  }

  @Test func theFooterOffersTheTypedKeysOnTwentySevenTwo() throws {
    let state = Self.kenjiOnTwentySevenTwo()
    #expect(state.selectedDevice?.id == "kenji.iphone")
    let labels = state.footerBindings().map(\.label)
    #expect(labels.contains("withinApp") && labels.contains("outOfApp"))
    #expect(!labels.contains("IN_APP") && !labels.contains("LINK_OUT"))
    // From 20 rows the footer takes two lines.
    let footer = state.render().lines.suffix(2).joined(separator: "\n")
    #expect(footer.contains("5 withinApp") && footer.contains("6 outOfApp"), "\(footer)")
  }

  @Test func theFooterOffersTheStringKeysBelowTwentySevenTwo() {
    var state = TUIState.demo(width: 160, height: 30)
    state.type("jjjjji")
    #expect(state.selectedDevice?.osVersion == OSVersion(26, 4))
    let labels = state.footerBindings().map(\.label)
    #expect(labels.contains("IN_APP") && labels.contains("LINK_OUT"))
    #expect(!labels.contains("withinApp") && !labels.contains("outOfApp"))
  }

  @Test func typedKeysRequestTypedTokensAndStringKeysStillWork() throws {
    var state = Self.kenjiOnTwentySevenTwo()
    state.type("5")
    let within = try #require(state.selectedIssuedToken)
    #expect(within.typedRequest == .withinApp)
    #expect(within.token.tokenType == .inApp)
    state.type("6")
    let outOf = try #require(state.selectedIssuedToken)
    #expect(outOf.typedRequest == .outOfApp)
    #expect(outOf.token.tokenType == .linkOut)
    state.type("3")
    #expect(state.selectedIssuedToken?.typedRequest == nil)
    #expect(state.selectedIssuedToken?.token.tokenType == .inApp)
    #expect(state.world.tokens.map(\.typedRequest) == [.withinApp, .outOfApp, nil])
  }

  @Test func theDetailsNameTheTypedCall() throws {
    var state = Self.kenjiOnTwentySevenTwo()
    state.type("6")
    state.press(.enter)
    #expect(state.screen.contains("LINK_OUT custom link token from token(for: .outOfApp)"), "\(state.screen)")
  }

  @Test func aTypedKeyOnAnOlderDeviceSaysWhy() {
    var state = TUIState.demo()
    state.type("i5")
    #expect(state.status?.kind == .error)
    #expect(
      state.status?.text.contains(
        "token(for: .withinApp) on alice.iphone throws: token(for: .withinApp) needs iOS 27.2") == true,
      "\(state.status?.text ?? "")")
    #expect(state.world.tokens.isEmpty, "a refusal hands out nothing")
  }

  @Test func helpListsBothForms() {
    let help = KeyTable.bindings(in: .main).filter { $0.section == "Selected device" }.map(\.label)
    #expect(help.contains("IN_APP") && help.contains("withinApp"))
    #expect(KeyTable.binding(for: .character("5"), in: .main)?.action == .requestWithinApp)
    #expect(KeyTable.binding(for: .character("6"), in: .main)?.action == .requestOutOfApp)
  }
}

@Suite("Rules dialog: the typed request settings")
struct TypedRequestRulesDialogTests {
  @Test func theDialogShowsChangesAndKeepsTheTypedSettings() {
    var state = TUIState.demo(width: 100, height: 40)
    state.type("R")
    #expect(state.screen.contains("String form on 27.2+"))
    #expect(state.screen.contains("withinApp tokenType"))
    // Past the lifecycle, lifetime, behaviour, Brazil and payments fields.
    for _ in 0..<15 { state.press(.tab) }
    state.press(.right)  // String form: off
    state.press(.tab, .right)  // withinApp: LINK_OUT
    state.press(.enter)
    #expect(state.context == .main)
    #expect(!state.world.rules.stringFormAnswers)
    #expect(state.world.rules.typedTokenTypes == TypedTokenTypes(withinApp: .linkOut, outOfApp: .linkOut))
    // Submitting the dialog unchanged keeps them: it never drops a setting it shows.
    state.type("R")
    state.press(.enter)
    #expect(!state.world.rules.stringFormAnswers)
    #expect(state.world.rules.typedTokenTypes.withinApp == .linkOut)
  }
}
