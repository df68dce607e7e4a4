import AppStoreCommerce
import LifecycleSimulator
import Testing

@testable import EpsimTUI

/// With several customers and subscriptions, every App Store line of the log says whose it is and
/// which product (issue 29, point 3).
@Suite("App Store log lines")
struct StoreLogTests {
  /// alice with the monthly plan, kenji with the monthly plan and the weekly news; both cards
  /// fail, then an hour passes (sandbox: renewals every few minutes, so failures and expiries).
  static func session() -> TUIState {
    var state = TUIState.store(width: 120, height: 40)
    state.type("p")
    state.buy()
    state.type("jjjjj")  // kenji.iphone
    state.type("i")
    state.buy()
    state.buy(productIndex: 6)  // weekly.news
    state.type("B")
    state.type("kkkkk")  // alice.iphone
    state.type("B")
    state.type("h")
    return state
  }

  @Test func everyStoreLineNamesTheCustomerAndTheProduct() {
    let state = Self.session()
    let lines = state.newestLogLines(count: Int.max, skipping: 0).filter { $0.label == "store" }
    #expect(lines.count >= 6, "the premise: renewals failed and ended")
    let products = state.store.state.products.map(\.id)
    for line in lines {
      let words = line.message.split(whereSeparator: { " ,:()".contains($0) }).map(String.init)
      #expect(words.contains("alice") || words.contains("kenji"), "\(line.message)")
      #expect(words.contains { products.contains($0) }, "\(line.message)")
    }
    // The failed renewal of each subscription is told apart.
    let failures = lines.map(\.message).filter { $0.hasPrefix("DID_FAIL_TO_RENEW") }
    #expect(Set(failures).count == failures.count, "\(failures)")
    #expect(failures.contains { $0.contains("kenji, weekly.news (group news)") }, "\(failures)")
  }
}
