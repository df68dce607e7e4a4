import ExternalPurchaseTokens
import LifecycleSimulator

/// Draws one customer's life in the window `[FixtureWorld.startTime, end)` from the customer's seed.
///
/// Each device's timeline is planned on its own and is consistent by construction (the app is
/// installed before it is launched, updated or uninstalled); what the devices share, the
/// account's token periods, is left to the engine when the actions are applied.
struct LifePlanner {
  let end: VirtualTime
  let releases: [VirtualTime]

  init(days: Int) {
    end = FixtureWorld.startTime + VirtualDuration(days) * Milliseconds.day
    releases = FixtureWorld.releases(before: end)
  }

  /// The handle of customer `number`: `c000123`, wider when the number needs it.
  static func customerId(_ number: Int) -> String {
    // Written digit by digit into the new string: joined from `String(number)` and a run of
    // zeros, it cost as much as a quarter of the plan (issue 26).
    guard number >= 0 else {
      let digits = String(number)
      return "c" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
    var digitCount = 1
    var rest = number / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    let width = max(6, digitCount)
    return String(unsafeUninitializedCapacity: 1 + width) { text in
      text[0] = UInt8(ascii: "c")
      var value = number
      for position in stride(from: width, through: 1, by: -1) {
        text[position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      return 1 + width
    }
  }

  func plan(customerNumber: Int, seed: UInt64) -> CustomerLife {
    var random = SeededGenerator(seed: seed)
    let customerId = Self.customerId(customerNumber)
    let customer = Customer(id: customerId, canMakePayments: !random.chance(Population.cannotPayShare))
    let storefront = Population.storefronts.draw(using: &random)
    let purchaseGap = Population.purchaseGaps.draw(using: &random)
    let devices = planDevices(customerId: customerId, storefront: storefront, random: &random)

    var actions = ActionList()
    let span = end - FixtureWorld.startTime
    let firstInstall = FixtureWorld.startTime + random.offset(in: 0..<span)
    for deviceIndex in devices.indices {
      let install =
        deviceIndex == 0 ? firstInstall : firstInstall + random.offset(in: 0..<(10 * Milliseconds.day))
      planDevice(
        deviceIndex, from: install, purchaseGap: purchaseGap, into: &actions, random: &random)
    }
    if random.chance(Population.storefrontMoveShare) {
      let time = firstInstall + random.offset(in: 0..<(end - firstInstall))
      actions.add(time, device: 0, .moveStorefront(Population.storefronts.draw(using: &random)))
    }
    return CustomerLife(customer: customer, devices: devices, actions: actions.takeSorted(before: end))
  }

  private func planDevices(customerId: String, storefront: String, random: inout SeededGenerator) -> [Device]
  {
    let count = Population.deviceCounts.draw(using: &random)
    var devices: [Device] = []
    devices.reserveCapacity(count)
    for index in 0..<count {
      let platform = (index == 0 ? Population.firstPlatform : Population.laterPlatform).draw(using: &random)
      let name = platform == .macOS ? ".mac" : platform == .iPadOS ? ".ipad" : ".iphone"
      // Counted and joined without an array or an interpolation: the id is a small string.
      let repeats = devices.reduce(0) { $0 + ($1.platform == platform ? 1 : 0) }
      devices.append(
        Device(
          id: customerId + name + (repeats == 0 ? "" : String(repeats + 1)), customerId: customerId,
          platform: platform, osVersion: Population.osVersions(for: platform).draw(using: &random),
          storefront: storefront))
    }
    return devices
  }

  /// Install, launches, purchase moments and updates; maybe an uninstall and a redownload.
  private func planDevice(
    _ device: Int, from install: VirtualTime, purchaseGap: VirtualDuration, into actions: inout ActionList,
    random: inout SeededGenerator
  ) {
    guard install < end else { return }
    var stop = end
    var uninstall: VirtualTime?
    if random.chance(Population.uninstallShare), install + Milliseconds.hour < end {
      let time = install + Milliseconds.hour + random.offset(in: 0..<(end - install - Milliseconds.hour))
      uninstall = time
      stop = time
    }
    planStretch(device, opening: .install, from: install, until: stop, purchaseGap, &actions, &random)
    guard let uninstall else { return }
    actions.add(uninstall, device: device, .uninstall)
    guard random.chance(Population.redownloadShare) else { return }
    let redownload = uninstall + Milliseconds.hour + random.offset(in: 0..<(7 * Milliseconds.day))
    planStretch(device, opening: .redownload, from: redownload, until: end, purchaseGap, &actions, &random)
  }

  /// One stretch of time with the app installed, opened by an install or a redownload; nothing
  /// in it happens at or after `stop` (an uninstall or the end of the window).
  private func planStretch(
    _ device: Int, opening: LifeAction, from start: VirtualTime, until stop: VirtualTime,
    _ purchaseGap: VirtualDuration, _ actions: inout ActionList, _ random: inout SeededGenerator
  ) {
    guard start < stop else { return }
    actions.add(start, device: device, opening)
    let launch = start + random.offset(in: Milliseconds.minute..<(15 * Milliseconds.minute))
    actions.add(launch, device: device, .firstLaunch, before: stop)
    var moment = start
    while true {
      // Gaps between 0.2 and 1.8 times the customer's mean.
      moment += purchaseGap / 5 + random.offset(in: 0..<(purchaseGap * 8 / 5))
      guard moment < stop else { break }
      actions.add(moment, device: device, .purchaseMoment(drawIntent(&random)))
    }
    for release in releases where start < release && release < stop {
      guard random.chance(Population.updateShare) else { continue }
      let update = release + random.offset(in: 0..<(3 * Milliseconds.day))
      guard update < stop else { continue }
      actions.add(update, device: device, .update)
      let relaunch = update + random.offset(in: Milliseconds.minute..<Milliseconds.hour)
      actions.add(relaunch, device: device, .launchAfterUpdate, before: stop)
    }
  }

  private func drawIntent(_ random: inout SeededGenerator) -> PurchaseIntent {
    // The draws in the same order as ever: the count, each type, then ACQUISITION.
    let count = 1 + random.below(2)
    let firstType: CustomLinkTokenType = random.chance(Population.inAppShare) ? .inApp : .linkOut
    let secondType: CustomLinkTokenType? =
      count == 2 ? (random.chance(Population.inAppShare) ? .inApp : .linkOut) : nil
    return PurchaseIntent(firstType: firstType, secondType: secondType, alsoAcquisition: random.chance(0.5))
  }
}

/// Collects planned actions and returns them in time order.
struct ActionList {
  private var actions: [PlannedAction]

  /// Room for a typical life's actions from the start: growing the array step by step cost a
  /// copy per doubling, per customer (issue 26).
  init() {
    actions = []
    actions.reserveCapacity(64)
  }

  mutating func add(_ time: VirtualTime, device: Int, _ kind: LifeAction, before stop: VirtualTime = .max) {
    guard time < stop else { return }
    actions.append(PlannedAction(time: time, sequence: actions.count, deviceIndex: device, kind: kind))
  }

  /// The actions before `end`, by time, ties in planning order; the list is left empty.
  mutating func takeSorted(before end: VirtualTime) -> [PlannedAction] {
    // Sorted in place, then cut at `end`: the same actions in the same order as filtering first
    // (sequences are unique, so the order is total), with one array instead of two. The array is
    // taken out of the list, leaving it empty, so that sorting does not copy it (issue 26).
    var sorted: [PlannedAction] = []
    swap(&sorted, &actions)
    sorted.sort { $0.time != $1.time ? $0.time < $1.time : $0.sequence < $1.sequence }
    if let cut = sorted.firstIndex(where: { $0.time >= end }) { sorted.removeSubrange(cut...) }
    return sorted
  }
}
