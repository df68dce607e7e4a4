import AppStoreCommerce
import FrameSnapshotTesting
import LifecycleSimulator
import Testing

@testable import EpsimTUI

/// The smaller items of QA's round (issue 29, point 7).
@Suite("QA's smaller items")
struct SmallerItemsTests {
  static let widths = [60, 80, 100, 120, 160, 250]

  @Test func anEndedSubscriptionIsNotOfferedAutoRenewOrAChangeOfPlan() throws {
    var state = TUIState.store(width: 200, height: 40)
    state.type("p")
    state.buy()
    let labels = { (state: TUIState) in Set(state.footerBindings().map(\.label)) }
    #expect(labels(state).isSuperset(of: ["auto-renew", "change plan"]))
    state.type("t")  // auto-renew off
    state.type("v")  // to the end of the period: expired
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.status(of: chain) == .expired)
    #expect(!labels(state).contains("auto-renew"))
    #expect(!labels(state).contains("change plan"))
  }

  @Test func theFilterPromptOpensEmptyAndSaysWhatIsInForce() {
    var state = TUIState.demo()
    state.type("i2/SANDBOX")
    state.press(.enter)
    state.type("/")
    guard case .search(let input) = state.overlay else {
      Issue.record("no prompt")
      return
    }
    #expect(input.string.isEmpty)
    #expect(state.screen.contains("filter now 'SANDBOX'; Enter on nothing clears it"))
  }

  @Test(arguments: widths)
  func typedFilterTextNeverRunsIntoItsHint(width: Int) throws {
    var state = TUIState.demo(width: width)
    let typed = String(repeating: "abcdef", count: width / 8)
    state.type("/" + typed)
    let row = try #require(state.render().lines.dropLast().last)
    let after = String(row.dropFirst(1 + typed.count))
    #expect(row.hasPrefix("/" + typed), "\(row)")
    #expect(after.isEmpty || after.hasPrefix(" "), "\(row)")
    expectSnapshot(state.render(), named: "filter-prompt-\(width)x24")
  }

  @Test(arguments: widths)
  func aFilterThatHidesEveryTokenSaysSo(width: Int) {
    var state = LongNameTests.state(width: width)
    state.type("/zzz")
    state.press(.enter)
    #expect(state.screen.contains("No token matches the filter 'zzz'"), "\(state.screen)")
    expectSnapshot(state.render(), named: "filter-hides-all-\(width)x30")
  }

  @Test(arguments: widths)
  func theAddDeviceCustomerChoiceKeepsItsClosingMark(width: Int) throws {
    var state = LongNameTests.state(width: width)
    state.type("A")
    let row = try #require(state.screen.split(separator: "\n").first { $0.contains("Customer") })
    #expect(row.contains("◂ ") && row.contains(" ▸"), "\(row)")
    expectSnapshot(state.render(), named: "add-device-long-customer-\(width)x30")
  }

  /// A link-out URL too long for the status line is not shown cut (a broken link to select).
  @Test(arguments: widths)
  func aLongLinkOutURLIsCopiedWithoutACutCopyInTheStatusLine(width: Int) throws {
    var world = DemoWorld.world()
    let url = "https://example.com/" + String(repeating: "checkout/", count: 20) + "buy"
    world.app.infoPlist.linkDestinations["nl"] = url
    var state = TUIState(world: world, width: width)
    state.type("io")
    guard case .copyToClipboard(let copied) = try #require(state.type("L").first) else {
      Issue.record("nothing copied")
      return
    }
    #expect(copied.hasPrefix(url), "the destination and the token it carries")
    let status = try #require(state.status?.text)
    #expect(
      status == "copied the link-out URL (\(copied.count) characters; Enter shows it whole in the details)")
    #expect(!state.screen.contains("copied https"))
  }

  @Test func wordsAgreeWithTheirNumbers() throws {
    let one = try #require(DemoCatalog.products.first)
    var state = TUIState(world: DemoWorld.world(), products: [one])
    state.type("p")
    #expect(state.screen.contains("b buys (1 product),"), "\(state.screen)")
    state.type("i")
    state.type("W")
    let dialog = try #require(state.openDialog, "no new world dialog")
    #expect(dialog.form.note.contains("The 1 unsaved step of this session goes (Esc, then w saves it)."))
    state.press(.escape)
    state.type("2w")
    let effects = state.press(.enter)
    guard case .writeFile(let path, let text) = try #require(effects.first) else {
      Issue.record("no file written")
      return
    }
    state.handle(.fileWritten(path: path, error: nil))
    #expect(text.hasPrefix("# Recorded with epsim tui: 2 steps."))
    #expect(state.status?.text == "saved 2 steps as a scenario to \(path)")
  }

  @Test func theEnvironmentSwitchRefusalMentionsANewWorld() {
    var state = TUIState.demo()
    state.type("i2R")
    state.press(.right)  // production
    state.press(.enter)
    state.expectDialogKept(saying: "W starts a new world")
  }
}
