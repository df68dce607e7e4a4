import AppStoreCommerce
import Testing

@testable import EpsimTUI

/// `Y` in the purchases view: a transaction's ids, copied with OSC 52 like a token's.
@Suite("Copying a transaction's ids")
struct CopyTransactionIdTests {
  /// The clipboard text of the effects, if any asked for one.
  static func copied(_ effects: [Effect]) -> String? {
    effects.lazy.compactMap { effect -> String? in
      guard case .copyToClipboard(let text) = effect else { return nil }
      return text
    }.first
  }

  @Test func aSubscriptionsIdsComeAsAMenuTransactionIdFirst() throws {
    var state = TUIState.store(width: 120, height: 40)
    state.type("p")
    state.buy()
    let transaction = try #require(state.store.state.transactions.last)
    let line = try #require(transaction.webOrderLineItemId, "a subscription has a webOrderLineItemId")
    #expect(Self.copied(state.handle(.key(.character("Y")))) == nil, "a menu first")
    #expect(state.openDialog?.form.title == "Copy an id")
    #expect(Self.copied(state.press(.enter)) == String(transaction.transactionId))
    #expect(state.status?.text == "copied the transactionId \(transaction.transactionId)")
    _ = state.handle(.key(.character("Y")))
    state.press(.right)
    #expect(Self.copied(state.press(.enter)) == String(line))
    #expect(state.openDialog == nil)
  }

  @Test func aConsumableHasOneIdAndItIsCopiedAtOnce() throws {
    var state = TUIState.store(width: 120, height: 40)
    state.type("p")
    state.buy(productIndex: 7)  // coins.100
    let transaction = try #require(state.store.state.transactions.last)
    #expect(transaction.webOrderLineItemId == nil)
    #expect(Self.copied(state.handle(.key(.character("Y")))) == String(transaction.transactionId))
    #expect(state.openDialog == nil)
  }

  @Test func withoutATransactionOrTokenYSaysSo() {
    var state = TUIState.store(width: 120, height: 40)
    state.type("p")
    #expect(Self.copied(state.handle(.key(.character("Y")))) == nil)
    #expect(state.status?.text == "no transaction selected to copy (b buys, j/k select)")
  }
}
