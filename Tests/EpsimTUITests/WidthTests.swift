import Foundation
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
import TextFrame

@testable import EpsimTUI

/// Every width shows numbers whole: wrapped, shortened or left out, never cut (issue 17 item 2).
@Suite("Widths")
struct WidthTests {
  static let widths = [80, 100, 120, 124, 160, 250]

  /// alice with a link-out token, a SERVICES token, its forced refresh and an ACQUISITION token,
  /// kenji with an IN_APP token; alice's refresh selected, one minute on.
  static func busyState(width: Int, height: Int = 30) -> TUIState {
    var state = TUIState.demo(width: width, height: height)
    state.type("jjjjji3")  // kenji.iphone: install, IN_APP
    state.type("kkkkk")  // back to alice.iphone
    state.type("io21f2m")  // a link-out token, SERVICES, ACQUISITION, a forced SERVICES refresh
    return state
  }

  /// Every number the world could show in full: epoch ms of every date, the clock, ids.
  static func knownNumbers(in world: WorldState) -> Set<String> {
    var numbers: Set<String> = ["\(world.now)", "\(world.app.appAppleId)", "\(world.seed)"]
    for issued in world.tokens {
      numbers.insert("\(issued.token.tokenCreationDate)")
      numbers.insert("\(issued.issuedAt)")
      if let expiration = issued.token.tokenExpirationDate { numbers.insert("\(expiration)") }
    }
    for period in world.periods {
      numbers.insert("\(period.creationDate)")
      numbers.insert("\(period.expirationDate)")
    }
    return numbers
  }

  /// Runs of 9 or more digits that are not a whole known number: a cut epoch-ms value.
  static func cutNumbers(in text: String, world: WorldState) -> [String] {
    let known = knownNumbers(in: world)
    return text.split(whereSeparator: { !$0.isNumber }).map(String.init)
      .filter { $0.count >= 9 && !known.contains($0) }
  }

  /// ISO dates that stop before their milliseconds and `Z`.
  static func cutDates(in text: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #"\d{4}-\d\d-\d\dT[0-9:.]*Z?"#)
    let range = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: range).compactMap { match in
      let found = String(text[Range(match.range, in: text)!])
      return found.count == 24 && found.hasSuffix("Z") ? nil : found
    }
  }

  @Test(arguments: widths)
  func noNumberIsCut(width: Int) {
    let state = Self.busyState(width: width)
    let screen = state.screen
    expectSnapshot(state.render(), named: "busy-\(width)x30")
    #expect(Self.cutNumbers(in: screen, world: state.world).isEmpty, "\(screen)")
    #expect(Self.cutDates(in: screen).isEmpty, "\(screen)")
  }

  @Test(arguments: widths.filter { $0 >= ScreenLayout.sideBySideWidth })
  func theDetailsBesideShowTheFullMillisecondValues(width: Int) throws {
    let state = Self.busyState(width: width, height: 40)
    let token = try #require(state.selectedIssuedToken?.token)
    let expiration = try #require(token.tokenExpirationDate)
    let screen = state.screen
    #expect(screen.contains("\(token.tokenCreationDate) ms"))
    #expect(screen.contains("\(expiration) ms"))
    #expect(Self.cutNumbers(in: screen, world: state.world).isEmpty)
  }

  @Test(arguments: widths)
  func theOpenDetailsShowEveryValueWhole(width: Int) {
    var state = Self.busyState(width: width)
    state.press(.enter)
    let screen = Self.overlayText(of: state)
    #expect(Self.cutNumbers(in: screen, world: state.world).isEmpty, "\(screen)")
    #expect(Self.cutDates(in: screen).isEmpty, "\(screen)")
  }

  /// Only the details overlay's box: the panes around it are covered, not cut.
  static func overlayText(of state: TUIState) -> String {
    let width = state.width
    let boxWidth = width < 100 ? width : min(width - 2, 100)
    let box = Rect(x: 0, y: 0, width: width, height: state.height).rows([.fixed(1), .fill, .fixed(1)])[1]
      .centered(width: boxWidth, height: state.height - 2)
    return state.render().lines[box.y..<box.maxY].map { line in
      String(line.dropFirst(box.x).prefix(box.width))
    }.joined(separator: "\n")
  }

  @Test(arguments: widths)
  func tokenRowsShowEnoughOfTheId(width: Int) throws {
    let state = Self.busyState(width: width)
    let id = try #require(state.selectedIssuedToken?.token.externalPurchaseId)
    // "SANDBOX_" and at least the first group of the UUID (8 hex digits) tell tokens apart.
    #expect(state.screen.contains(String(id.prefix(16))), "\(state.screen)")
  }

  @Test func labelledValuesWrapUnderTheirLabelInsteadOfBeingCut() {
    let values = ["2026-03-01T09:00:00.000Z", "1772355600000 ms"]
    let text = { (width: Int) in DetailsContent.labelled("Created", values, width).map(\.text) }
    #expect(text(34) == ["Created  2026-03-01T09:00:00.000Z", "         1772355600000 ms"])
    #expect(text(60) == ["Created  2026-03-01T09:00:00.000Z  1772355600000 ms"])
    // Narrower than a date: the label alone, then the date wrapped (continued, not cut).
    #expect(text(20) == ["Created", "2026-03-01T09:00:00.", "000Z", "1772355600000 ms"])
  }
}

@Suite("Footer rows")
struct FooterRowsTests {
  /// The layout's quick answer (one sum) agrees with the footer's full plan at every width, in
  /// the states whose footers differ most: a fresh world, an installed app, a form open.
  @Test func theQuickAnswerMatchesThePlanAtEveryWidth() {
    var installed = TUIState.demo()
    installed.type("i")
    var searching = TUIState.demo()
    searching.type("/")
    for state in [TUIState.demo(), installed, searching] {
      for width in 0...300 {
        #expect(
          state.footerLabelsFitOneRow(width: width) == state.footerPlan(width: width, rows: 1).tail.isEmpty,
          "width \(width) in \(state.context)")
      }
    }
  }
}
