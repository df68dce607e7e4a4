import AppStoreCommerce
import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
import TextFrame

@testable import EpsimTUI

/// Panes share the width by what they hold (issue 44 item 1): at the sizes people run, no name,
/// id or label is cut while a pane beside it has columns to spare, and under `--serve` the
/// server's address is in the header at every width.
@Suite("Layout shares the width")
struct LayoutShareTests {
  static let sizes = [(80, 24), (100, 30), (120, 40), (160, 50), (200, 50)]

  /// The demo world with two more devices (six), tokens on alice's iPhone, and a purchase.
  static func state(width: Int, height: Int, purchases: Bool) -> TUIState {
    var world = DemoWorld.world()
    for (id, customer) in [("kenji.ipad.pro", "kenji"), ("bruno.ipad.mini", "bruno")] {
      world.devices.append(
        Device(
          id: id, customerId: customer, platform: .iPadOS, osVersion: OSVersion(18, 4), storefront: "fr"))
    }
    var state = TUIState(world: world, products: DemoCatalog.products, width: width, height: height)
    state.type("i21f2")
    state.buy()
    if !purchases { state.type("p") }
    return state
  }

  /// The content rows of `rect` (inside its borders) as text.
  static func inside(_ rect: Rect, of frame: Frame) -> [String] {
    let lines = frame.lines
    return (rect.y + 1..<rect.maxY - 1).map { y in
      String(Array(lines[y])[(rect.x + 1)..<(rect.maxX - 1)])
    }
  }

  @Test(arguments: sizes)
  func nothingIsCutWhileAPaneBesideItHasRoom(width: Int, height: Int) {
    for purchases in [false, true] {
      let state = Self.state(width: width, height: height, purchases: purchases)
      let frame = state.render()
      let layout = state.layout
      let name = "six-devices-\(purchases ? "purchases" : "tokens")-\(width)x\(height)"
      expectSnapshot(frame, named: name)
      // Each pane beside another, with the columns its content needs whole: what it could give
      // (right-aligned text hides spare columns from the screen alone).
      var band = [
        ("world", layout.world, state.paneNeeds.world.whole),
        ("list", layout.tokens, state.paneNeeds.list.whole),
      ]
      if layout.detailsBeside {
        band.append(("details", layout.details, ScreenLayout.detailsBesideMinimum - 2))
      }
      for (paneName, rect, _) in band {
        let rows = Self.inside(rect, of: frame)
        // "… Enter shows everything" says there are more lines: not a cut.
        guard rows.contains(where: { $0.contains("…") && !$0.contains("Enter shows everything") }) else {
          continue
        }
        for (otherName, other, need) in band where otherName != paneName {
          // A cut is fine only when no pane beside it could give it two columns.
          let room = other.width - 2 - need
          #expect(room < 2, "\(name): \(paneName) is cut while \(otherName) has room\n\(frame.text)")
        }
      }
    }
  }

  @Test(arguments: sizes)
  func theServersAddressIsInEveryHeader(width: Int, height: Int) {
    var state = Self.state(width: width, height: height, purchases: true)
    state.handle(.serverActivity(ServerActivity(address: "http://127.0.0.1:54321")))
    #expect(state.render().lines[0].contains("127.0.0.1:54321"), "\(state.render().lines[0])")
  }
}
