import ExternalPurchaseTokens
import LifecycleSimulator

/// Plays a planned life through the lifecycle engine in its own small world, acting as the app
/// would: it asks for tokens only where its eligibility checks say the API works, and falls back
/// from custom links to link-out and then to the notice sheet.
struct LifeRunner: Sendable {
  let rules: LifecycleRules
  /// The app as the App Store offers it after each release of the window, version 1.0 first.
  ///
  /// Made once per run: made per install, each one copied the app's configuration, built its
  /// version string and set it through the engine (issue 26).
  let releasedApps: [AppConfiguration]

  init(rules: LifecycleRules, releaseCount: Int) {
    self.rules = rules
    releasedApps = (0...max(0, releaseCount)).map(Self.app(release:))
  }

  /// The fixture app at the version of release `number`.
  private static func app(release number: Int) -> AppConfiguration {
    var app = FixtureWorld.app
    app.version = FixtureWorld.version(number: number)
    return app
  }

  /// The version the App Store offers at `time`, read without copying its app (a copy retains
  /// each of the configuration's lists).
  func offeredVersion(at time: VirtualTime) -> String {
    let number = FixtureWorld.releaseNumber(at: time)
    return number < releasedApps.count ? releasedApps[number].version : FixtureWorld.version(number: number)
  }

  /// The app the App Store offers at `time`.
  func offeredApp(at time: VirtualTime) -> AppConfiguration {
    let number = FixtureWorld.releaseNumber(at: time)
    return number < releasedApps.count ? releasedApps[number] : Self.app(release: number)
  }

  func run(_ life: consuming CustomerLife, worldSeed: UInt64) throws(SimulationError) -> WorldState {
    // The world opens at the release the App Store offers at the first action, which is always
    // the first device's install: that install needs no `setApp`, and the world ends as it did
    // when it opened at 1.0 and the install changed the app first (issue 26).
    let opening = life.actions.first.map { offeredApp(at: $0.time) } ?? releasedApps[0]
    var world = WorldState(
      now: FixtureWorld.startTime, rules: rules, app: opening, seed: worldSeed,
      customers: [life.customer], devices: life.devices)
    // Emptied here so that the world holds the only reference to the device list: with `life`
    // still holding it, the first install copied the list, and every customer freed two (issue 26).
    life.devices = []
    // A life mints a handful of tokens in a few periods: room for them from the start spares the
    // arrays' doublings (issue 26).
    world.reserveCapacity(tokens: 16, periods: 8)
    var offers = [DeviceOffers?](repeating: nil, count: world.devices.count)
    for action in life.actions {
      if action.time > world.now { _ = try world.applyWithoutLog(.advanceClock(to: action.time)) }
      let index = action.deviceIndex
      let deviceId = world.devices[index].id
      switch action.kind {
      case .install:
        try offerCurrentRelease(at: action.time, in: &world)
        _ = try world.applyWithoutLog(.install(device: deviceId))
      case .redownload:
        try offerCurrentRelease(at: action.time, in: &world)
        _ = try world.applyWithoutLog(.redownload(device: deviceId))
      case .uninstall:
        _ = try world.applyWithoutLog(.uninstall(device: deviceId))
      case .update:
        _ = try world.applyWithoutLog(.update(device: deviceId, version: offeredVersion(at: action.time)))
      case .firstLaunch:
        let offer = offers[index] ?? DeviceOffers(deviceAt: index, in: &world)
        offers[index] = offer
        try request([.acquisition, .services], offeredBy: offer, deviceId: deviceId, in: &world)
      case .launchAfterUpdate:
        let offer = offers[index] ?? DeviceOffers(deviceAt: index, in: &world)
        offers[index] = offer
        try request([.services], offeredBy: offer, deviceId: deviceId, in: &world)
      case .purchaseMoment(let intent):
        var offer = offers[index] ?? DeviceOffers(deviceAt: index, in: &world)
        try purchase(intent, offeredBy: &offer, deviceAt: index, deviceId: deviceId, in: &world)
        offers[index] = offer
      case .moveStorefront(let storefront):
        for device in world.devices {
          _ = try world.applyWithoutLog(.setStorefront(device: device.id, storefront: storefront))
        }
        offers = offers.map { _ in nil }
      }
    }
    // Moved out, not copied: a plain `return world` copied the whole world and freed the original.
    return consume world
  }

  /// Installs take the version the App Store offers at that moment.
  private func offerCurrentRelease(at time: VirtualTime, in world: inout WorldState) throws(SimulationError) {
    guard world.app.version != offeredVersion(at: time) else { return }
    _ = try world.applyWithoutLog(.setApp(offeredApp(at: time)))
  }

  /// Asks for each type the device can get, in order; the others are skipped, as an app that
  /// checked `isEligible` and its region would.
  private func request(
    _ types: [CustomLinkTokenType], offeredBy offer: DeviceOffers, deviceId: String,
    in world: inout WorldState
  ) throws(SimulationError) {
    for type in types where offer.offers(type) {
      _ = try world.applyWithoutLog(.requestToken(device: deviceId, type: type))
    }
  }

  /// Before a purchase the app gets what the storefront uses: per-transaction tokens (Japan,
  /// Brazil), the custom link's SERVICES (and maybe ACQUISITION) token (EU), or else a link-out
  /// or notice sheet token from the older APIs.
  private func purchase(
    _ intent: PurchaseIntent, offeredBy offer: inout DeviceOffers, deviceAt index: Int, deviceId: String,
    in world: inout WorldState
  ) throws(SimulationError) {
    if offer.perTransaction {
      for type in intent.perTransactionTypes {
        _ = try world.applyWithoutLog(offer.perTransactionRequest(type, device: deviceId))
      }
    } else if offer.services {
      let types: [CustomLinkTokenType] = intent.alsoAcquisition ? [.acquisition, .services] : [.services]
      try request(types, offeredBy: offer, deviceId: deviceId, in: &world)
    } else {
      let legacy = offer.legacy ?? LegacyOffers(deviceAt: index, in: world)
      offer.legacy = legacy
      if legacy.linkOut {
        _ = try world.applyWithoutLog(.openLinkOut(device: deviceId, url: nil))
      } else if legacy.noticeSheet {
        _ = try world.applyWithoutLog(.presentNoticeSheet(device: deviceId))
      }
    }
  }
}
