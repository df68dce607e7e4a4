import LifecycleSimulator
import Testing
import TextFrame

@testable import EpsimTUI

/// Each pane's and dialog's own update, on its value alone: no root routes the keys or refreshes it.
@Suite("Panes on their own")
struct PaneTests {
  /// alice's tokens: SERVICES and its refresh, ACQUISITION, then another SERVICES refresh, so
  /// the rows are [SERVICES #1, 0, 1, 3, ACQUISITION #1, 2].
  static func tokensWorld() -> (WorldState, customer: String?) {
    var state = TUIState.demo()
    state.type("i2f21f2")
    return (state.world, state.selectedCustomerId)
  }

  @Test func tokensPaneSelectsTheNewestAndSkipsPeriodHeaders() {
    let (world, customer) = Self.tokensWorld()
    var pane = TokensPane()
    pane.refresh(from: world, customer: customer, filter: "")
    #expect(pane.rows.rows == [.period(0), .token(0), .token(1), .token(3), .period(1), .token(2)])
    #expect(pane.selected == 3)
    pane.moveSelection(by: 1)  // row 4 is a header: on to the token below it
    #expect(pane.selected == 2)
    pane.moveSelection(by: 1)  // the last row: the selection stays
    #expect(pane.selected == 2)
    pane.moveSelection(by: Int.min / 2)  // the top row is a header: its first token
    #expect(pane.selected == 0)
    pane.moveSelection(by: -1)
    #expect(pane.selected == 0)
  }

  @Test func tokensPaneScrollShowsThePeriodHeaderAboveItsFirstToken() {
    let (world, customer) = Self.tokensWorld()
    var pane = TokensPane()
    pane.refresh(from: world, customer: customer, filter: "")
    pane.moveSelection(by: Int.max / 2)  // token 2, row 5, under its header on row 4
    pane.keepSelectionVisible(visible: 2)
    #expect(pane.scroll == 4)
    // One row: the token wins over its header.
    pane.keepSelectionVisible(visible: 1)
    #expect(pane.scroll == 5)
    pane.moveSelection(by: Int.min / 2)
    pane.keepSelectionVisible(visible: 1)
    #expect(pane.scroll == 1)
  }

  @Test func tokensPaneFilterAndCutKeepRowsAndSelectionValid() {
    let (world, customer) = Self.tokensWorld()
    var pane = TokensPane()
    pane.refresh(from: world, customer: customer, filter: "no token has this")
    #expect(pane.rows.rows.isEmpty)
    #expect(pane.selected == nil)
    // The world before the last two tokens: the index and rows follow it, the selection with them.
    var earlier = TUIState.demo()
    earlier.type("i2f2")
    pane.tokensCut(to: earlier.world.tokens.count)
    pane.refresh(from: earlier.world, customer: customer, filter: "")
    #expect(pane.index.tokens(of: customer ?? "") == [0, 1])
    #expect(pane.rows.rows == [.period(0), .token(0), .token(1)])
    #expect(pane.selected == 1)
  }

  /// A group and its chain of two transactions, then a one-time purchase; transaction ids are
  /// 100 plus the log position.
  static let purchaseRows: [PurchaseRow] = [
    .group(chain: 0), .transaction(position: 0), .transaction(position: 2), .heading("One-time purchases"),
    .transaction(position: 1),
  ]

  @Test func purchasesPaneSelectsTheNewestAndSkipsGroupAndHeadingRows() {
    var pane = PurchasesPane()
    pane.replaceRows(Self.purchaseRows) { UInt64(100 + $0) }
    #expect(pane.selected == 102)
    #expect(pane.transactionCount == 3)
    pane.moveSelection(by: 1)  // over the heading
    #expect(pane.selected == 101)
    pane.moveSelection(by: 1)
    #expect(pane.selected == 101)
    pane.moveSelection(by: -1)  // back over the heading
    #expect(pane.selected == 102)
    pane.moveSelection(by: Int.min / 2)  // the group row: its first transaction
    #expect(pane.selected == 100)
    pane.keepSelectionVisible(visible: 2)
    #expect(pane.scroll == 0)
    pane.keepSelectionVisible(visible: 1)
    #expect(pane.scroll == 1)
  }

  @Test func purchasesPaneKeepsASelectionThatIsStillListed() {
    var pane = PurchasesPane()
    pane.replaceRows(Self.purchaseRows) { UInt64(100 + $0) }
    pane.moveSelection(by: Int.min / 2)
    pane.replaceRows(Self.purchaseRows) { UInt64(100 + $0) }
    #expect(pane.selected == 100)
    // Gone (another customer, an undo): the newest listed purchase.
    pane.replaceRows([.heading("One-time purchases"), .transaction(position: 1)]) { UInt64(100 + $0) }
    #expect(pane.selected == 101)
    pane.replaceRows([]) { UInt64(100 + $0) }
    #expect(pane.selected == nil)
    pane.moveSelection(by: 1)
    #expect(pane.selected == nil)
  }

  @Test func worldPaneClampsMovesAndDropsAVanishedSelection() {
    let world = TUIState.demo().world
    var pane = WorldPane()
    pane.selection = .customer("nobody")
    pane.refresh(from: world)
    #expect(pane.selection == pane.rows.first)
    let movedDown = pane.moveSelection(by: Int.max / 2)
    #expect(movedDown && pane.selection == pane.rows.last)
    let movedUp = pane.moveSelection(by: -1)
    #expect(movedUp && pane.selectionRow == pane.rows.count - 2)
    var empty = WorldPane()
    let movedInEmpty = empty.moveSelection(by: 1)
    #expect(!movedInEmpty)
  }

  @Test func logPaneScrollStaysWithinItsEntries() {
    var pane = LogPane()
    pane.count(10)
    pane.move(by: -3, visible: 4)  // up: older entries
    #expect(pane.scroll == 3)
    pane.move(by: -100, visible: 4)  // the oldest entry at the top of the pane
    #expect(pane.scroll == 6)
    pane.count(5)
    #expect(pane.scroll == 4)
    pane.move(by: 100, visible: 4)
    #expect(pane.scroll == 0)
    let line = LogLine(time: 0, label: "reason", labelStyle: Theme.dim, message: "why")
    pane.addOnce(line, at: 2)
    pane.addOnce(line, at: 2)
    pane.add([line], at: 3)
    #expect(pane.noteCount(through: 2) == 1)
    #expect(pane.noteCount(through: 3) == 2)
    pane.dropNotes(after: 2)
    #expect(pane.notes(at: 3).isEmpty)
    #expect(pane.notes(at: 2) == [line])
  }

  @Test func searchFilterStepsAroundItsMatchesAndDropsVanishedOnes() {
    let (world, _) = Self.tokensWorld()
    var filter = SearchFilter()
    let first = filter.submit("SANDBOX", in: world.tokens, from: 2)
    #expect(first == 2 && filter.matches == [0, 1, 2, 3])
    let wrappedForward = filter.step(by: 1, from: 3, tokenCount: 4)
    let wrappedBack = filter.step(by: -1, from: 0, tokenCount: 4)
    #expect(wrappedForward == 0 && wrappedBack == 3)
    #expect(filter.place(of: 3) == 4)
    // Undo cut the world to two tokens.
    let afterUndo = filter.step(by: 1, from: 1, tokenCount: 2)
    #expect(afterUndo == 0 && filter.matches == [0, 1])
    let none = filter.submit("no token has this", in: world.tokens, from: nil)
    #expect(none == nil && filter.query == "no token has this")
    let noStep = filter.step(by: 1, from: nil, tokenCount: 4)
    #expect(noStep == nil)
  }

  @Test func playbackAdvancesOnlyWhilePlayingAndWithoutOverflow() {
    var playback = Playback()
    #expect(playback.advance(forElapsed: 1000) == nil)
    let plays = playback.perform(.togglePlay)
    #expect(plays && playback.isPlaying)
    #expect(playback.advance(forElapsed: 1000) == 1000)
    #expect(playback.advance(forElapsed: 0) == nil)
    let faster = playback.perform(.faster)
    #expect(faster)
    #expect(playback.summary == "playing at 60x")
    #expect(playback.advance(forElapsed: 1000) == 60_000)
    #expect(playback.advance(forElapsed: Int64.max) == nil)
    let moveDown = playback.perform(.moveDown)
    #expect(!moveDown)
    playback.pause()
    #expect(playback.summary == "paused (rate 60x)")
  }

  @Test func dialogsReadTheirFormsWithoutTheRoot() {
    let state = TUIState.demo()
    let (world, store) = (state.world, state.store)
    guard let device = world.devices.first else {
      Issue.record("the demo world has a device")
      return
    }
    var edit = Dialogs.editDevice(device)
    guard case .success(.unchanged(let message)) = edit.request(world: world, store: store) else {
      Issue.record("an untouched edit form asks for nothing")
      return
    }
    #expect(message == "\(device.id) unchanged")
    edit.form.setText("storefront", "jp")
    guard case .success(.commands(let commands, let row)) = edit.request(world: world, store: store) else {
      Issue.record("a changed storefront is a command")
      return
    }
    #expect(commands == [.setStorefront(device: device.id, storefront: "jp")] && row == nil)
    var add = Dialogs.addDevice(world: world, customerId: nil)
    add.form.setText("os", "eighteen")
    guard case .failure(let error) = add.request(world: world, store: store) else {
      Issue.record("a bad OS version is refused")
      return
    }
    #expect(error.message == "OS version 'eighteen' must look like 18, 18.2 or 18.2.1")
    var export = Dialogs.export()
    export.form.setText("path", "  ")
    guard case .failure(let blank) = export.request(world: world, store: store) else {
      Issue.record("a blank path is refused")
      return
    }
    #expect(blank.message == "type a file path, e.g. epsim-tokens.json")
  }
}
