import ExternalPurchaseReports
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Report planner")
struct ReportPlannerTests {
  private func plan(_ fixture: ReportWorld, purchases: [PlannedPurchase] = []) -> [String: PlannedReport] {
    let plans = ReportPlanner(purchases: purchases).plan(for: fixture.world)
    return Dictionary(uniqueKeysWithValues: plans.map { ($0.externalPurchaseId, $0) })
  }

  @Test func everyTokenGetsTheStatusSpecSevenAsksFor() throws {
    let fixture = try ReportWorld()
    let plans = plan(fixture)
    #expect(plans.count == fixture.world.tokens.count)
    #expect(plans[fixture.services.token.externalPurchaseId]?.status == .noLineItem)
    #expect(plans[fixture.refreshed.token.externalPurchaseId]?.status == .duplicateToken)
    #expect(plans[fixture.acquisition.token.externalPurchaseId]?.reason.contains("SERVICES") == true)
    #expect(
      plans[fixture.plain.token.externalPurchaseId]?.dueBy
        == fixture.plain.token.tokenCreationDate + 10 * Milliseconds.day)
    #expect(plans[fixture.inApp.token.externalPurchaseId]?.dueBy == fixture.inApp.token.tokenExpirationDate)
  }

  /// The reason for an ACQUISITION token beside SERVICES speaks of the SERVICES period in the
  /// tense of the plan's time: still active, or over since its expiry.
  @Test func theServicesReasonFollowsThePlansTime() throws {
    let production = try ReportWorld()
    #expect(
      plan(production)[production.acquisition.token.externalPurchaseId]?.reason
        == "a SERVICES period is active beside it and carries the transactions")
    let sandbox = try ReportWorld(rules: .sandbox)
    let expiry = try #require(sandbox.services.token.tokenExpirationDate)
    #expect(sandbox.world.now > expiry, "a day has passed, the sandbox period lasts an hour")
    #expect(
      plan(sandbox)[sandbox.acquisition.token.externalPurchaseId]?.reason
        == "a SERVICES period ran beside it until \(ISOTime.string(expiry)) and carried the transactions")
  }

  @Test func purchasesGoOnServicesBeforeAcquisition() throws {
    let fixture = try ReportWorld()
    let purchase = PlannedPurchase(
      customerId: "alice", lineItemId: "p1", creationDate: fixture.services.token.tokenCreationDate + 5,
      productIdentifier: "gems", amountTaxExclusive: 100, taxAmount: 21)
    let plans = plan(fixture, purchases: [purchase])
    let services = try #require(plans[fixture.services.token.externalPurchaseId])
    #expect(services.status == .lineItem)
    #expect(services.report.lineItems == [purchase.lineItem])
    #expect(plans[fixture.acquisition.token.externalPurchaseId]?.status == .noLineItem)
  }

  @Test func everyPlannedReportPassesTheValidator() throws {
    for rules in [LifecycleRules.production, .sandbox] {
      let fixture = try ReportWorld(rules: rules)
      let samples = PlannedPurchase.samples(for: fixture.world, at: fixture.world.now)
      #expect(!samples.isEmpty)
      var ledger = fixture.ledger
      for planned in ReportPlanner(purchases: samples).plan(for: fixture.world) {
        #expect(ledger.submit(planned.report, world: fixture.world).errors == [], "\(planned.status)")
      }
      #expect(ledger.lineItems.count == samples.count)
    }
  }

  @Test func plansAreReproducibleAndLimitedToTheirTime() throws {
    let fixture = try ReportWorld()
    #expect(ReportPlanner().plan(for: fixture.world) == ReportPlanner().plan(for: fixture.world))
    let earlier = ReportPlanner().plan(for: fixture.world, at: fixture.world.tokens[0].issuedAt - 1)
    #expect(earlier.isEmpty)
    let identifiers = Set(ReportPlanner().plan(for: fixture.world).map(\.report.requestIdentifier))
    #expect(identifiers.count == fixture.world.tokens.count)
  }

  @Test func completeOnlyOnceTheTokenExpired() throws {
    let fixture = try ReportWorld(rules: .sandbox)
    let plans = plan(fixture)
    #expect(plans[fixture.services.token.externalPurchaseId]?.isComplete == true)
    let services = try ReportWorld()
    #expect(plan(services)[services.services.token.externalPurchaseId]?.isComplete == false)
  }
}
