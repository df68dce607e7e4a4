import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing

@testable import EpsimTUI

/// A reason the status line gives (and may cut) goes to the log whole, where Enter opens it
/// (issue 29, point 4).
@Suite("Reasons in the log")
struct ReasonLogTests {
  static let widths = [60, 80, 100, 120, 160, 250]
  static let why =
    "update on alice.ipad: no period started: under these rules a SERVICES period starts on a token"
    + " request (2), not on an update or redownload"

  /// alice's iPad: the app installed, then updated (no period under sandbox rules, and why).
  static func updated(width: Int, height: Int = 24) -> TUIState {
    var state = TUIState.demo(width: width, height: height)
    state.type("j")  // alice.ipad
    state.type("iu")
    return state
  }

  static func reasons(in state: TUIState) -> [String] {
    state.newestLogLines(count: Int.max, skipping: 0).filter { $0.label == "reason" }.map(\.message)
  }

  @Test(arguments: widths)
  func theWholeReasonIsInTheLogAndEnterOpensIt(width: Int) {
    var state = Self.updated(width: width)
    #expect(state.status?.text == Self.why)
    #expect(Self.reasons(in: state).contains(Self.why))
    // Selecting the iPad said why custom links fail there: that reason is logged too.
    #expect(
      Self.reasons(in: state).contains { $0.hasPrefix("alice.ipad: ") && $0.contains("custom links fail") })
    expectSnapshot(state.render(), named: "reason-logged-\(width)x24")
    state.press(.tab, .tab)  // the log
    state.press(.enter)
    let opened = state.screen
    // The overlay wraps the line at spaces: every word of the reason is there, uncut.
    for word in Self.why.split(separator: " ") {
      #expect(opened.contains(word), "\(word) in\n\(opened)")
    }
    expectSnapshot(state.render(), named: "reason-opened-\(width)x24")
  }

  @Test func aReasonIsLoggedOncePerStep() {
    var state = Self.updated(width: 80)
    state.type("u")
    #expect(Self.reasons(in: state).filter { $0 == Self.why }.count == 1)
    // Moving on and back to the iPad does not repeat why links fail there.
    let links = { (state: TUIState) in
      Self.reasons(in: state).filter { $0.contains("custom links fail") }.count
    }
    state.type("kj")
    let once = links(state)
    state.type("kjkj")
    #expect(links(state) == once)
  }

  @Test func aFailedExportToALongPathSaysWhyInTheLog() {
    var state = TUIState.demo()
    let path = "/tmp/" + String(repeating: "a-long-folder-name/", count: 6) + "epsim-tokens.json"
    state.handle(.fileWritten(path: path, error: "No such file or directory"))
    let logged = Self.reasons(in: state)
    #expect(logged.contains { $0.contains(path) && $0.hasSuffix("No such file or directory") }, "\(logged)")
  }

  @Test func refusalsAreLoggedAndHintsAreNot() {
    var state = TUIState.demo()
    state.type("1")  // no app on alice's iPhone: refused
    #expect(Self.reasons(in: state).contains { $0.contains("not installed") })
    state.type("?")
    state.press(.escape)
    state.type("Z")  // a key that does nothing: a hint, not a reason
    #expect(Self.reasons(in: state).count == 1)
  }
}
