import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import LifecycleSimulator
import Testing

/// `epsim tui --serve` and purchases: what the server saw of each transaction shows beside it, and
/// the App Store's events stay in the log the server is fed even when the UI undoes them.
@Suite("Purchases beside the mock server")
struct PurchaseServerTests {
  @Test func theDetailsListWhatTheServerSawOfTheTransaction() throws {
    var state = TUIState.store(width: 120, height: 60)
    state.type("p")
    state.buy()
    let id = try #require(state.store.state.transactions.first?.transactionId)
    state.handle(
      .serverActivity(
        ServerActivity(
          address: "http://127.0.0.1:8080",
          linesByTransaction: [
            String(id): ["GET /inApps/v1/transactions/\(id): 200", "notification SUBSCRIBED"]
          ])))
    state.press(.enter)
    let screen = state.screen
    #expect(screen.contains("Seen by the mock server at http://127.0.0.1:8080"))
    #expect(screen.contains("GET /inApps/v1/transactions/\(id): 200"))
    #expect(screen.contains("notification SUBSCRIBED"))
  }

  @Test func aTransactionTheServerHasNotSeenSaysSo() {
    var state = TUIState.store(width: 120, height: 60)
    state.type("p")
    state.buy()
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:8080")))
    state.press(.enter)
    #expect(state.screen.contains("nothing yet: no API call named it, no notification about it"))
  }

  @Test func undoneEventsStayInTheLogTheServerIsFed() {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    let afterPurchase = state.commerce.eventLog.count
    #expect(afterPurchase >= 1)
    #expect(state.commerce.eventLog.last?.notification != nil)
    state.type("[")
    #expect(state.store.state.transactions.isEmpty)
    #expect(state.commerce.eventLog.count == afterPurchase, "undo takes nothing back from Apple's side")
    state.buy()
    #expect(state.commerce.eventLog.count > afterPurchase)
  }
}
