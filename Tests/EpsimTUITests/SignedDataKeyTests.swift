import AppStoreCommerce
import EpsimTUI
import Testing
import TextFrame

/// `J`: the selected transaction's StoreKit 2 `jwsRepresentation` to the clipboard (issue 27).
@Suite struct SignedDataKeyTests {
  @Test func jCopiesWhatTheHostSigns() throws {
    var state = TUIState.store()
    state.transactionSigner = { "signed:" + $0.productId! + ":" + $0.transactionId! }
    state.type("p")
    state.buy()
    let id = try #require(state.store.state.transactions.first?.transactionId)
    let effects = state.press(.character("J"))
    guard case .copyToClipboard(let text) = try #require(effects.first) else {
      Issue.record("expected a copy, got \(effects)")
      return
    }
    #expect(text == "signed:premium.monthly:\(id)")
    #expect(state.screen.contains("copied the jwsRepresentation of \(id)"))
    // The same key in the purchase's details.
    state.press(.enter)
    #expect(state.press(.character("J")).count == 1)
  }

  @Test func withoutASignerOrATransactionItSaysWhy() {
    var state = TUIState.store()
    state.type("p")
    #expect(state.press(.character("J")).isEmpty)
    state.buy()
    #expect(state.press(.character("J")).isEmpty)
    #expect(state.screen.contains("cannot sign"))
  }
}
