import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The typed `token(for: .withinApp / .outOfApp)` of 27.2 and the settings around it (SPEC 5).
@Suite("Requests: the typed form of 27.2")
struct TypedTokenRequestTests {
  /// The test world with kenji's iPhone (Japan) on `version`, the app installed.
  private func kenji(on version: OSVersion, rules: LifecycleRules = .production) throws -> WorldState {
    var world = TestWorlds.eu(rules: rules)
    try world.run(.setOSVersion(device: "k1", version: version))
    try world.run(.install(device: "k1"))
    return world
  }

  private func typed(_ request: TypedTokenRequest, in world: inout WorldState) throws -> TokenRequestResult {
    guard case .token(let result) = try world.run(.requestTypedToken(device: "k1", request: request)) else {
      throw SimulationError("a typed request gave no token result")
    }
    return result
  }

  @Test func belowTwentySevenTwoTheTypedFormThrowsWithItsReason() throws {
    var world = try kenji(on: OSVersion(27, 1))
    let before = world.tokens.count
    let result = try typed(.withinApp, in: &world)
    guard case .notEligible(let reason) = result else {
      Issue.record("expected a refusal, got \(result)")
      return
    }
    #expect(reason.code == "os-too-old")
    #expect(reason.description == "token(for: .withinApp) needs iOS 27.2 or later; the device runs 27.1")
    #expect(world.tokens.count == before, "a refusal hands out nothing")
    // The String form of the same OS still answers.
    #expect(try world.request(.inApp, on: "k1")?.0.token.tokenType == .inApp)
  }

  @Test func onTwentySevenTwoEachTypedRequestGetsANewTokenOfTheAssumedType() throws {
    var world = try kenji(on: OSVersion(27, 2))
    for (request, type) in [(TypedTokenRequest.withinApp, CustomLinkTokenType.inApp), (.outOfApp, .linkOut)] {
      let first = try typed(request, in: &world)
      let second = try typed(request, in: &world)
      guard case .token(let a, .newPeriod) = first, case .token(let b, .newPeriod) = second else {
        Issue.record("expected two new tokens, got \(first) and \(second)")
        continue
      }
      #expect(world.tokens[a].token.tokenType == type)
      #expect(world.tokens[b].token.tokenType == type)
      #expect(world.tokens[a].token.externalPurchaseId != world.tokens[b].token.externalPurchaseId)
      #expect(world.tokens[a].typedRequest == request)
      #expect(
        world.tokens[a].token.tokenExpirationDate == world.now + LifecycleRules.production.lifetimes[type])
    }
    // The String form keeps answering by default, and its tokens carry no typed request.
    let string = try #require(try world.request(.linkOut, on: "k1"))
    #expect(string.0.typedRequest == nil)
  }

  @Test func theTypedTokenTypeIsASetting() throws {
    var rules = LifecycleRules.sandbox
    rules.typedTokenTypes[.outOfApp] = .inApp
    var world = try kenji(on: OSVersion(27, 2), rules: rules)
    guard case .token(let index, _) = try typed(.outOfApp, in: &world) else {
      Issue.record("no token")
      return
    }
    #expect(world.tokens[index].token.tokenType == .inApp)
    #expect(world.tokens[index].token.environment == .sandbox)
    #expect(rules.summary == "sandbox preset with typed-token-type outOfApp IN_APP")
  }

  @Test func aNonPerTransactionTypeIsRefusedAndChangesNothing() throws {
    var rules = LifecycleRules.production
    rules.typedTokenTypes.withinApp = .acquisition
    var world = try kenji(on: OSVersion(27, 2), rules: rules)
    let before = world
    #expect(throws: SimulationError.self) {
      try world.apply(.requestTypedToken(device: "k1", request: .withinApp))
    }
    #expect(world == before)
  }

  @Test func theTypedFormFollowsTheRulesOfItsType() throws {
    var world = try kenji(on: OSVersion(27, 2))
    try world.run(.setStorefront(device: "k1", storefront: "nl"))
    guard case .notEligible(let reason) = try typed(.withinApp, in: &world) else {
      Issue.record("IN_APP is not offered in the EU")
      return
    }
    #expect(reason.code == "type-region")
  }

  @Test func withTheStringFormGoneStringRequestsFromTwentySevenTwoThrow() throws {
    var rules = LifecycleRules.production
    rules.stringFormAnswers = false
    var world = try kenji(on: OSVersion(27, 2), rules: rules)
    guard case .token(.notEligible(let reason)) = try world.run(.requestToken(device: "k1", type: .inApp))
    else {
      Issue.record("the String form should throw")
      return
    }
    #expect(reason.code == "string-form-gone")
    #expect(reason.description.contains("token(for: \"IN_APP\") no longer answers from iOS 27.2"))
    #expect(rules.summary == "production preset with string-form off")
    // The typed form answers, and a device below 27.2 keeps the String form.
    guard case .token = try typed(.withinApp, in: &world) else {
      Issue.record("the typed form should answer")
      return
    }
    try world.run(.setOSVersion(device: "k1", version: OSVersion(26, 4)))
    #expect(try world.request(.inApp, on: "k1") != nil)
  }

  @Test func osGatingOffLetsBothFormsAnswerEverywhere() throws {
    var rules = LifecycleRules.production
    rules.osGating = false
    rules.stringFormAnswers = false
    var world = try kenji(on: OSVersion(27, 2), rules: rules)
    #expect(try world.request(.inApp, on: "k1") != nil)
    try world.run(.setOSVersion(device: "k1", version: OSVersion(18, 1)))
    guard case .token = try typed(.outOfApp, in: &world) else {
      Issue.record("without OS gating the typed form answers on any OS")
      return
    }
  }

  @Test func theTypedMinimumIsTwentySevenTwoOnEveryPlatform() {
    for platform in Platform.allCases {
      #expect(platform.typedTokenRequestMinimum == OSVersion(27, 2))
    }
    let world = TestWorlds.eu(rules: .production)
    let device = Device(
      id: "x", customerId: "kenji", platform: .macOS, osVersion: OSVersion(27, 2), storefront: "jp")
    #expect(world.prefersTypedRequest(on: device))
    #expect(
      !world.prefersTypedRequest(
        on: Device(
          id: "y", customerId: "kenji", platform: .iOS, osVersion: OSVersion(27, 1, 9), storefront: "jp")))
  }

  @Test func theEventSummaryNamesTheTypedCall() {
    #expect(
      WorldEvent.requestTypedToken(device: "k1", request: .outOfApp).summary == "token(for: .outOfApp) on k1")
  }
}
