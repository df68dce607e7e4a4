import EpsimTUI
import Foundation
import ScenarioLanguage
import Testing

/// The purchase examples of docs/examples stepped through in the UI: the UI's App Store does what
/// `epsim run` does, and undo takes the purchase lines back (issue 11).
@Suite("Purchase scenarios in the UI")
struct PurchaseScenarioTests {
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/examples")

  static let files = [
    "commerce-family-sharing.epsim", "commerce-grace-period-recovery.epsim", "commerce-refund.epsim",
    "commerce-sandbox-renewal-limit.epsim", "commerce-upgrade-mid-period.epsim",
  ]

  /// What the App Store did, one line per event, as the UI recorded it.
  static func storeEvents(of state: TUIState) -> [String] {
    state.simulation.appliedStoreEvents.map { event in
      let customer = state.store.state.customers[Int(event.customer)].id
      let transaction = event.transactionId.map { String($0) } ?? "-"
      return "\(event.time) \(customer) \(event.notification?.text ?? "-") \(event.summary) \(transaction)"
    }
  }

  @Test(arguments: files)
  func steppingGivesWhatTheRunnerGives(file: String) throws {
    let text = try String(contentsOf: Self.examples.appendingPathComponent(file), encoding: .utf8)
    var state = try TUIState(script: try ScenarioStepper(text: text, file: file), width: 100, height: 30)
    let initial = state.store.state
    while state.script?.nextStatement != nil { state.type(".") }
    #expect(state.status?.text.contains("0 FAIL, 0 refused") == true, "\(state.status?.text ?? "")")
    let transcript = ScenarioRunner().run(try ScenarioParser.parse(text, file: file), file: file)
    let replayed = transcript.entries.flatMap(\.commerce).map {
      "\($0.time) \($0.customer) \($0.notification ?? "-") \($0.summary) \($0.transaction?.transactionId ?? "-")"
    }
    let stepped = Self.storeEvents(of: state)
    #expect(!stepped.isEmpty)
    #expect(stepped == replayed)
    let final = state.store.state
    // Every line undone: the App Store as before the first; every line redone: as at the end.
    while state.simulation.canUndo { state.type("[") }
    #expect(state.store.state == initial)
    while state.simulation.canRedo { state.type("]") }
    #expect(state.store.state == final)
  }
}
