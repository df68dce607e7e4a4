import LifecycleSimulator
import Testing

/// The engine notes each device's custom link answer between token requests (issue 26); these
/// hold the noted answer equal to a fresh one after every kind of change it depends on.
@Suite("Engine: noted custom link answers")
struct CustomLinkOfferNoteTests {
  /// A world with two devices, noted, then changed through events and through its public
  /// properties: after each change, the noted answer of every device is the fresh one.
  @Test func notedAnswersFollowEveryChange() throws {
    var world = WorldState(
      now: 0, rules: .preset(.production), app: DemoWorld.app, seed: 1,
      customers: [Customer(id: "c", canMakePayments: true)],
      devices: [
        Device(id: "a", customerId: "c", platform: .iOS, osVersion: OSVersion(18, 2), storefront: "nl"),
        Device(id: "b", customerId: "c", platform: .iOS, osVersion: OSVersion(17, 0), storefront: "jp"),
      ])
    var answers: Set<CustomLinkTypesOffered> = []
    func check(_ step: String) {
      for index in world.devices.indices {
        let fresh = world.customLinkTypesOffered(on: world.devices[index])
        // Asked twice: the first may note the answer, the second reads the note.
        #expect(world.customLinkTypesOffered(deviceAt: index) == fresh, "\(step), device \(index), first")
        #expect(world.customLinkTypesOffered(deviceAt: index) == fresh, "\(step), device \(index), noted")
        answers.insert(fresh)
      }
    }
    check("start")
    _ = try world.apply(.setStorefront(device: "a", storefront: "us"))
    check("storefront by event")
    world.devices[0].storefront = "de"
    check("storefront set directly")
    _ = try world.apply(.setOSVersion(device: "b", version: OSVersion(26, 0)))
    check("OS by event")
    world.devices[1].platform = .macOS
    check("platform set directly")
    _ = try world.apply(.setCanMakePayments(customer: "c", allowed: false))
    check("payments by event")
    world.customers[0].canMakePayments = true
    check("payments set directly")
    var app = world.app
    app.entitlements.externalPurchaseLink = false
    _ = try world.apply(.setApp(app))
    check("entitlement by event")
    world.app.entitlements.externalPurchaseLink = true
    world.app.infoPlist.customLinkRegions = []
    check("Info.plist key set directly")
    world.app = DemoWorld.app
    check("app restored")
    var rules = world.rules
    rules.osGating = false
    _ = try world.apply(.setRules(rules))
    check("rules by event")
    world.rules.eligibilityChecks = false
    check("rules set directly")
    _ = try world.apply(
      .addDevice(
        Device(id: "e", customerId: "c", platform: .iPadOS, osVersion: OSVersion(18, 4), storefront: "br")))
    check("device added")
    world.devices.removeFirst()
    check("device removed")
    // The walk met more than one answer: the checks compared something.
    #expect(answers.count > 2)
  }

  /// Notes take no part in a world's equality: a world that asked equals one that did not.
  @Test func notesLeaveEqualityAlone() {
    let device = Device(
      id: "a", customerId: "c", platform: .iOS, osVersion: OSVersion(18, 2), storefront: "nl")
    let fresh = WorldState(
      now: 0, rules: .preset(.production), app: DemoWorld.app, seed: 1,
      customers: [Customer(id: "c", canMakePayments: true)], devices: [device])
    var asked = fresh
    _ = asked.customLinkTypesOffered(deviceAt: 0)
    #expect(asked == fresh)
    #expect(asked.hashValue == fresh.hashValue)
  }
}
