import ExternalPurchaseTokens
import Testing

@testable import LifecycleSimulator

/// Clock moves and "the active period" look only at periods that can still be unexpired (the
/// engine notes them after each clock move). These hold every answer against a search of all
/// periods, over random sessions in both rule sets, so the shortcut never changes a result.
@Suite("Searches of unexpired periods agree with searching every period")
struct LivePeriodTests {
  @Test(arguments: [LifecycleRules.sandbox, .production])
  func answersMatchAFullSearch(rules: LifecycleRules) throws {
    for seed in UInt64(1)...6 {
      let (events, worlds) = HistorySnapshotTests.session(
        events: 400, seed: seed, from: TestWorlds.eu(rules: rules, seed: seed))
      for (index, world) in worlds.enumerated() {
        for customer in ["alice", "kenji"] {
          for type in CustomLinkTokenType.allCases {
            let expected = world.periods.last {
              $0.customerId == customer && $0.type == type && $0.isActive(at: world.now)
            }
            #expect(world.activePeriod(of: customer, type: type) == expected, "seed \(seed), world \(index)")
            let latest = world.periods.last { $0.customerId == customer && $0.type == type }
            #expect(world.latestPeriod(of: customer, type: type) == latest, "seed \(seed), world \(index)")
            #expect(world.hasPeriod(of: customer, type: type) == (latest != nil))
          }
        }
        for period in world.periods {
          let earlier = world.periods[..<period.id].filter {
            $0.customerId == period.customerId && $0.type == period.type
          }
          #expect(period.ordinal == earlier.count + 1, "ordinals count up per customer and type")
        }
        let ahead = world.periods.map(\.expirationDate).filter { $0 > world.now }
        #expect(world.nextExpiry == ahead.min(), "seed \(seed), world \(index)")
        for offset in [-Milliseconds.minute, 0, Milliseconds.second] {
          let targets = world.periods.map { $0.expirationDate + offset }.filter { $0 > world.now }
          #expect((try? world.resolve(.nextExpiry(offset: offset))) == targets.min(), "offset \(offset)")
        }
        guard index < events.count, case .advanceClock(let time) = events[index] else { continue }
        var moved = world
        let result = try moved.apply(events[index]).result
        let crossed = world.periods.filter { world.now < $0.expirationDate && $0.expirationDate <= time }
          .sorted { ($0.expirationDate, $0.id) < ($1.expirationDate, $1.id) }.map(\.id)
        #expect(result == .clock(from: world.now, to: time, expiredPeriods: crossed), "seed \(seed)")
      }
    }
  }

  /// A world whose clock was set back from outside (not through events) must not trust what it
  /// noted at the later time.
  @Test func aClockSetBackFromOutsideSearchesEverything() throws {
    var world = try #require(HistorySnapshotTests.session(events: 300, seed: 8).worlds.last)
    let period = try #require(world.periods.last)
    try world.run(.advanceClock(to: max(world.now, period.expirationDate) + Milliseconds.day))
    #expect(world.activePeriod(of: period.customerId, type: period.type) == nil)
    world.now = period.creationDate  // active again: creation <= now < expiration
    let expected = world.periods.last {
      $0.customerId == period.customerId && $0.type == period.type && $0.isActive(at: world.now)
    }
    #expect(expected != nil)
    #expect(world.activePeriod(of: period.customerId, type: period.type) == expected)
    #expect(world.nextExpiry == world.periods.map(\.expirationDate).filter { $0 > world.now }.min())
  }
}
