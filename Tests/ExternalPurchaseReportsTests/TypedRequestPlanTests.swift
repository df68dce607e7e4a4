import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

/// The report plan of tokens from the typed `token(for:)` of 27.2 (SPEC 5, 7).
@Suite("Report planner: typed requests")
struct TypedRequestPlanTests {
  /// kenji on 27.2: withinApp, then outOfApp a minute later, then the String IN_APP.
  /// In sandbox the install starts no ACQUISITION or SERVICES period to carry purchases.
  private func world(rules: LifecycleRules = .sandbox) throws -> (WorldState, [IssuedToken]) {
    var simulation = Simulation(initial: DemoWorld.world(rules: rules))
    try simulation.apply(.setOSVersion(device: "kenji.iphone", version: OSVersion(27, 2)))
    try simulation.apply(.install(device: "kenji.iphone"))
    try simulation.apply(.requestTypedToken(device: "kenji.iphone", request: .withinApp))
    try simulation.apply(.advanceClock(to: simulation.world.now + Milliseconds.minute))
    try simulation.apply(.requestTypedToken(device: "kenji.iphone", request: .outOfApp))
    try simulation.apply(.requestToken(device: "kenji.iphone", type: .inApp))
    try simulation.apply(.advanceClock(to: simulation.world.now + Milliseconds.day))
    let world = simulation.world
    return (world, world.tokens.filter { $0.customerId == "kenji" })
  }

  @Test func typedTokensArePlannedAsPerTransactionTokens() throws {
    let (world, tokens) = try world()
    #expect(tokens.map(\.typedRequest) == [.withinApp, .outOfApp, nil])
    let purchase = PlannedPurchase(
      customerId: "kenji", lineItemId: "k1", creationDate: tokens[0].token.tokenCreationDate + 5,
      productIdentifier: "gems", amountTaxExclusive: 100, taxAmount: 10)
    let plans = ReportPlanner(purchases: [purchase]).plan(for: world).filter { $0.customerId == "kenji" }
    #expect(plans.map(\.typedRequest) == [.withinApp, .outOfApp, nil])
    #expect(plans.map(\.tokenType) == [.inApp, .linkOut, .inApp])
    // The purchase falls before the second token existed: it goes on the withinApp token.
    #expect(plans.map(\.status) == [.lineItem, .noLineItem, .noLineItem])
    #expect(plans[0].reason == "1 purchase during the token's active range, a token(for: .withinApp) token")
    #expect(plans[1].reason == "no purchases during the token's active range, a token(for: .outOfApp) token")
    #expect(plans[2].reason == "no purchases during the token's active range")
    #expect(plans.allSatisfy { $0.status != .duplicateToken })
  }

  @Test func theJSONPlanNamesTheTypedRequestOnlyWhenThereIsOne() throws {
    let (world, _) = try world(rules: .production)
    // Production: the install's ACQUISITION and SERVICES come first; keep the per-transaction ones.
    let plans = ReportPlanner().plan(for: world).filter { $0.tokenType == .inApp || $0.tokenType == .linkOut }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let objects = try plans.map {
      try #require(try JSONSerialization.jsonObject(with: try encoder.encode($0)) as? [String: Any])
    }
    #expect(objects.map { $0["typedRequest"] as? String } == ["withinApp", "outOfApp", nil])
    #expect(objects[2].keys.contains("typedRequest") == false)
    #expect(objects.map { $0["tokenType"] as? String } == ["IN_APP", "LINK_OUT", "IN_APP"])
  }
}
