import Foundation
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld
import Testing

@testable import EpsimTUI

/// The terminal UI as a door like the others: its forms and keys give the commands a scenario
/// line gives, refused where `epsim run` refuses them, and `w` writes what was asked.
@Suite("The UI is a door like the others")
struct OneDoorTests {
  /// A form field and the scenario line that says the same, for one typed value.
  struct Case: Sendable, CustomStringConvertible {
    var form: String
    var field: String
    var value: String
    /// The scenario (after the demo world's lines, which `epsim run` has too) stating the value.
    var line: String

    var description: String { "\(form).\(field) = '\(value)'" }
  }

  static let customerNames = [
    "all", "", "9lives", "a b", String(repeating: "x", count: 500), "ok-name", "alice",
  ]
  static let osVersions = ["0", "0.0", "18.2 ", " 18.2", "18.2.1.4", "-1", "18", "26.4", "x"]
  static let storefronts = ["zz", "NL", "nl ", "n", "xk", "jp", ""]
  static let times = [
    "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-03-01T24:00:00Z", "2026-03-02T09:00:00Z",
    "2026-02-28", "yesterday",
  ]

  static let cases: [Case] =
    customerNames.map { Case(form: "addCustomer", field: "id", value: $0, line: "customer \($0)") }
    + osVersions.map {
      Case(form: "addDevice", field: "os", value: $0, line: "device alice.spare iOS \($0) storefront nl")
    }
    + storefronts.map {
      Case(
        form: "addDevice", field: "storefront", value: $0,
        line: "device alice.spare iOS 18.2 storefront \($0)"
      )
    }
    + osVersions.map { Case(form: "editDevice", field: "os", value: $0, line: "os alice.iphone \($0)") }
    + storefronts.map {
      Case(form: "editDevice", field: "storefront", value: $0, line: "storefront alice.iphone \($0)")
    } + times.map { Case(form: "goToTime", field: "time", value: $0, line: "advance to \($0)") }
    + lifetimes.map {
      Case(form: "rules", field: "acquisition", value: $0, line: "lifetime ACQUISITION \($0)")
    }
    + refreshIntervals.map { Case(form: "rules", field: "every", value: $0, line: "refresh every \($0)") }
    + probabilities.map {
      Case(form: "rules", field: "probability", value: $0, line: "refresh probability \($0)")
    }

  static let lifetimes = [
    "0", "0ms", "1h", "-1h", "1.5h", "1h30m", "", "x", "99999999999999999999d", "106751991167d", " 2h", "1ms",
  ]
  static let refreshIntervals = ["0", "1", "-3", "2.5", "", "99999999999999999999", "3 ", "x"]
  static let probabilities = ["0", "1", "0.25", "1.5", "nan", "-0", "1e-3", "inf", "", "0x1p-2"]

  /// What the UI makes of the value: nil when it applied it, else the error under the form.
  static func uiRefusal(_ given: Case) -> String? {
    var state = TUIState.demo()
    let world = state.world
    var dialog: Dialog
    switch given.form {
    case "addCustomer": dialog = Dialogs.addCustomer(world: world)
    case "addDevice":
      dialog = Dialogs.addDevice(world: world, customerId: "alice")
      dialog.form.setText("id", "alice.spare")
    case "editDevice": dialog = Dialogs.editDevice(world.device("alice.iphone")!)
    case "rules": dialog = RulesForm.dialog(rules: world.rules)
    default: dialog = Dialogs.goToTime(world: world)
    }
    switch given.field {
    case "every", "probability":
      // The refresh choice, then its parameter field.
      let index = dialog.form.fields.firstIndex { $0.name == "refresh" }!
      let options = RulesForm.policies
      dialog.form.fields[index].value = .choice(
        options: options, selected: given.field == "every" ? 2 : 3)
      dialog.form.setText("parameter", given.value)
    default: dialog.form.setText(given.field, given.value)
    }
    state.overlay = .dialog(dialog)
    _ = state.press(.enter)
    return state.openDialog?.form.error
  }

  /// What `epsim run` makes of the same value on the same world: nil when the line ran, else the
  /// parser's or the engine's refusal.
  static func scenarioRefusal(_ given: Case) -> String? {
    guard let setup = try? ScenarioRecorder.scenario(from: TUIState.demo().simulation) else {
      return "the demo world cannot be written"
    }
    let text = ScenarioWriter.write(setup) + given.line + "\n"
    do {
      let transcript = ScenarioRunner().run(
        try ScenarioParser.parse(text, file: "same.epsim"), file: "same.epsim")
      return transcript.failure?.message
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: cases)
  func aValueIsRefusedByTheUIExactlyWhenEpsimRunRefusesIt(_ given: Case) {
    let ui = Self.uiRefusal(given)
    let scenario = Self.scenarioRefusal(given)
    #expect((ui == nil) == (scenario == nil), "UI: \(ui ?? "applied"); epsim run: \(scenario ?? "ran")")
  }

  @Test func theTableHoldsValuesBothDoorsTakeAndValuesBothRefuse() {
    let applied = Self.cases.filter { Self.uiRefusal($0) == nil }.map(\.description)
    #expect(applied.count >= 8, "\(applied)")
    #expect(applied.count <= Self.cases.count - 20, "\(applied)")
    #expect(applied.contains("addDevice.os = '18.2 '"), "a space typed after a value is no part of it")
  }

  @Test func aReservedNameANonexistentStorefrontAndVersionZeroAreRefusedEverywhere() {
    for (given, phrase) in [
      (Case(form: "addCustomer", field: "id", value: "all", line: "customer all"), "'all'"),
      (Case(form: "addDevice", field: "storefront", value: "zz", line: ""), "no country's code"),
      (Case(form: "editDevice", field: "os", value: "0", line: ""), "versions start at 1"),
      (
        Case(form: "goToTime", field: "time", value: "2026-02-30T00:00:00Z", line: ""),
        "February 2026 has 28 days"
      ),
    ] {
      #expect(
        Self.uiRefusal(given)?.contains(phrase) == true, "\(given): \(Self.uiRefusal(given) ?? "applied")")
    }
  }

  @Test func theNextMomentKeysAreSavedAsTheMoveTheyMadeAndReplayToTheSameInstant() throws {
    var state = TUIState.demo()
    state.type("i2<")
    let before = state.world.now
    state.type(">")
    let after = state.world.now
    #expect(after == before + 2)
    state.type("w")
    guard case .writeFile(_, let text) = try #require(state.press(.enter).first) else {
      Issue.record("no file written")
      return
    }
    #expect(text.contains("advance to next moment minus 1ms"), "\(text)")
    #expect(text.contains("advance to next moment plus 1ms"), "\(text)")
    #expect(!text.contains("advance 59m59.999s"))
    let transcript = ScenarioRunner().run(
      try ScenarioParser.parse(text, file: "saved.epsim"), file: "saved.epsim")
    #expect(transcript.passed)
    #expect(transcript.entries.last?.time == after, "epsim run lands where the UI did")
  }
}
