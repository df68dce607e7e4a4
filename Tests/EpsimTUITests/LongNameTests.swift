import AppStoreCommerce
import EpsimTUI
import Foundation
import FrameSnapshotTesting
import LifecycleSimulator
import Testing
import TextFrame

/// A 30-character customer and device name at every width: shortened with an ellipsis where
/// room runs out, never run into the count or state beside it (issue 29, point 1).
@Suite("Long names")
struct LongNameTests {
  static let customer = "user12345678901234567890123456"
  static let device = "device123456789012345678901234"
  static let widths = [60, 80, 100, 120, 160, 250]
  /// The customer's second device, named like the first but for its last character.
  static let nearDevice = "device12345678901234567890123x"

  /// The demo world with the long-named customer and device first: the app installed, a SERVICES
  /// token and its forced refresh, a second device of theirs without the app, one minute on.
  static func state(width: Int) -> TUIState {
    var world = DemoWorld.world()
    world.customers.insert(Customer(id: customer), at: 0)
    world.devices.insert(
      Device(id: device, customerId: customer, platform: .iOS, osVersion: OSVersion(18, 2), storefront: "nl"),
      at: 0)
    world.devices.insert(
      Device(
        id: nearDevice, customerId: customer, platform: .iOS,
        osVersion: OSVersion(18, 2), storefront: "us"), at: 1)
    var state = TUIState(world: world, products: DemoCatalog.products, width: width, height: 30)
    state.type("i2f2m")
    return state
  }

  /// Each appearance of a name on screen: the whole name, or a start of it ending in the
  /// ellipsis. A start followed by digits is a name glued to a number.
  static func gluedNames(in screen: String) -> [String] {
    var glued: [String] = []
    for name in [customer, device] {
      let stem = String(name.prefix(while: { !$0.isNumber }))
      // Letters too, so that the second device's name ("…123x") is read whole, not as a start.
      let pattern = try! NSRegularExpression(pattern: stem + "[0-9a-z]*…?")
      let range = NSRange(screen.startIndex..., in: screen)
      for match in pattern.matches(in: screen, range: range) {
        let found = String(screen[Range(match.range, in: screen)!])
        let shortened = found.hasSuffix("…") && name.hasPrefix(found.dropLast())
        if found != name, found != Self.nearDevice, !shortened,
          !(name.hasPrefix(found) && found.count <= stem.count)
        {
          glued.append(found)
        }
      }
    }
    return glued
  }

  @Test(arguments: widths)
  func namesStayApartFromNumbers(width: Int) {
    var state = Self.state(width: width)
    expectSnapshot(state.render(), named: "long-names-\(width)x30")
    #expect(Self.gluedNames(in: state.screen).isEmpty, "\(state.screen)")
    state.type("a")
    #expect(Self.gluedNames(in: state.screen).isEmpty, "all tokens:\n\(state.screen)")
    state.type("ap")
    state.buy()
    expectSnapshot(state.render(), named: "long-names-purchases-\(width)x30")
    #expect(Self.gluedNames(in: state.screen).isEmpty, "purchases:\n\(state.screen)")
  }

  /// The check itself finds a glued name.
  @Test func theCheckFindsAGluedName() {
    #expect(Self.gluedNames(in: "│ user1234567890123452 tokens│") == ["user1234567890123452"])
    #expect(Self.gluedNames(in: "│ user1234567… 2 tokens│").isEmpty)
  }
}
