import AppStoreCommerce
import EpsimTUI
import Foundation
import Testing

/// The purchases view at every width shows ids, prices and dates whole, or leaves them out.
@Suite("Purchase widths")
struct PurchaseWidthTests {
  /// alice: a monthly plan renewed once and 3 coins; the renewal selected.
  static func state(width: Int, height: Int = 30) -> TUIState {
    var state = TUIState.store(width: width, height: height)
    state.type("p")
    state.buy(productIndex: 7)
    state.buy()
    state.type("v")
    state.type("k")
    return state
  }

  /// Every number the App Store could show: each decoded transaction's and renewal info's values.
  static func knownNumbers(in state: TUIState) throws -> Set<String> {
    var numbers = WidthTests.knownNumbers(in: state.world)
    let store = state.store.state
    let encoder = JSONEncoder()
    var payloads = try store.transactions.map {
      try encoder.encode(store.payload(of: $0, signedDate: store.now))
    }
    payloads += try store.chains.map { try encoder.encode(store.renewalInfo(of: $0, signedDate: store.now)) }
    for data in payloads {
      let text = String(decoding: data, as: UTF8.self)
      numbers.formUnion(text.split(whereSeparator: { !$0.isNumber }).map(String.init))
    }
    return numbers
  }

  @Test(arguments: [60, 80, 100, 120, 160, 250])
  func noNumberOrDateIsCut(width: Int) throws {
    var state = Self.state(width: width)
    let known = try Self.knownNumbers(in: state)
    let list = state.screen
    state.press(.enter)
    for screen in [list, WidthTests.overlayText(of: state)] {
      let cut = screen.split(whereSeparator: { !$0.isNumber }).map(String.init).filter {
        $0.count >= 9 && !known.contains($0)
      }
      #expect(cut.isEmpty, "\(screen)")
      #expect(WidthTests.cutDates(in: screen).isEmpty, "\(screen)")
    }
  }
}
