import ExternalPurchaseTokens
import LifecycleSimulator
import Testing
import TextFrame

@testable import EpsimTUI

/// The caches the view reads must always equal what a full scan of the world would give.
@Suite("Incremental token index")
struct TokenIndexTests {
  static let keys: [Key] = [
    .character("2"), .character("1"), .character("f"), .character("S"), .character("o"), .character("["),
    .character("]"), .character("h"), .character("j"), .character("k"), .character("i"), .character("x"),
    .character("3"), .character("4"), .character("e"), .character(" "),
  ]

  @Test(arguments: [11, 12, 13, 14])
  func indexMatchesAFullScanAfterRandomHistory(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var state = TUIState.demo()
    state.type("i")
    for _ in 0..<300 {
      state.press(Self.keys[Int(generator.next() % UInt64(Self.keys.count))])
      if generator.next() % 5 == 0 { state.handle(.tick(elapsedMilliseconds: 40_000)) }
      if generator.next() % 9 == 0 {
        state.type("H")
        for _ in 0..<Int(generator.next() % 6) { state.press(.up) }
        state.press(.enter)
      }
      let world = state.world
      for customer in world.customers {
        #expect(
          state.tokenIndex.tokens(of: customer.id)
            == world.tokens.indices.filter {
              world.tokens[$0].customerId == customer.id
            })
      }
      if let customer = state.selectedCustomerId {
        #expect(
          state.tokenRows.rows.compactMap { row -> Int? in
            if case .token(let index) = row { return index }
            return nil
          }.sorted() == world.tokens.indices.filter { world.tokens[$0].customerId == customer })
      }
    }
  }

  @Test func rowsGroupRefreshesUnderTheirPeriod() {
    var state = TUIState.demo()
    state.type("i2f2")  // SERVICES and its refresh
    state.type("1")  // ACQUISITION
    state.type("f2")  // another SERVICES refresh, after the ACQUISITION token
    #expect(state.tokenRows.rows == [.period(0), .token(0), .token(1), .token(3), .period(1), .token(2)])
    #expect(state.tokenRows.tokenRow(from: 0, direction: 1) == 1)
    #expect(state.tokenRows.tokenRow(from: 4, direction: -1) == 3)
  }

  @Test func plainTokensStandAlone() {
    var state = TUIState.demo()
    state.type("iS2o")
    #expect(state.tokenRows.rows == [.token(0), .period(0), .token(1), .token(2)])
  }
}
