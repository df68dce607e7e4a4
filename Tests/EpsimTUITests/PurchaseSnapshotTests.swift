import AppStoreCommerce
import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
import TextFrame

/// The purchases view and its flows as whole screens. Record with EPSIM_RECORD_SNAPSHOTS=1.
@Suite("Purchase screens")
struct PurchaseSnapshotTests {
  @Test func buyForm() {
    var state = TUIState.store()
    state.expectScreen(after: "pb", named: "purchases-buy-form-80x24")
  }

  /// A monthly plan bought, renewed once; coins bought too.
  @Test func purchasesViewWithAChainAndAOneTimePurchase() {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    state.type("v")
    state.buy(productIndex: 7)  // coins.100
    expectSnapshot(state.render(), named: "purchases-80x24")
    state.press(.enter)
    expectSnapshot(state.render(), named: "purchases-details-80x24")
  }

  /// Billing fails at the renewal: billing retry, shown with the next retry; details beside.
  @Test func billingRetryOnAWideTerminal() {
    var state = TUIState.store(width: 200, height: 50)
    state.type("p")
    state.buy()
    state.expectScreen(after: "Bv", named: "purchases-billing-retry-200x50")
  }

  /// Purchase steps in the history dialog, by their scenario lines.
  @Test func historyListsPurchases() {
    var state = PurchaseTests.session()
    state.expectScreen(after: "H", named: "purchases-history-80x24")
  }

  @Test func asciiAndTheMinimumSize() {
    var state = TUIState(
      world: DemoWorld.world(), products: DemoCatalog.products, lineStyle: .ascii, width: 60, height: 16)
    state.type("ip")
    state.buy()
    state.expectScreen(after: "v", named: "purchases-ascii-60x16")
  }
}
