import ExternalPurchaseTokens
import LifecycleSimulator

/// The small scripted world the samples come from: an EU customer (custom links, notice sheet,
/// link-out) and a Japanese customer (per-transaction tokens), both on iOS 26.4.
enum SampleWorld {
  /// 2026-03-01T09:00:00Z, the demo world's start.
  static let startTime: VirtualTime = DemoWorld.startTime
  static let seeds: [TokenEnvironment: UInt64] = [.sandbox: 2026_03_01, .production: 2026_03_02]

  static func samples(environment: TokenEnvironment) throws(FixtureError) -> [Sample] {
    var rules = LifecycleRules.preset(environment)
    rules.refreshPolicy = .never  // The refresh below is forced, so nothing else is.
    var world = WorldState(
      now: startTime, rules: rules, app: FixtureWorld.app, seed: seeds[environment]!,
      customers: [Customer(id: "alice"), Customer(id: "kenji")],
      devices: [
        DemoWorld.device("alice.iphone", os: OSVersion(26, 4), storefront: "nl"),
        DemoWorld.device("kenji.iphone", os: OSVersion(26, 4), storefront: "jp"),
      ])
    let env = environment.rawValue
    var samples: [Sample] = []
    do throws(SimulationError) {
      for step in script(env) {
        switch step {
        case .event(let event): _ = try world.apply(event)
        case .wait(let duration): _ = try world.apply(.advanceClock(to: world.now + duration))
        case .custom(let type, let device, let stem, let summary):
          samples.append(try world.custom(type, on: device, name: "\(env)-\(stem)", summary: summary))
        case .plain(let event, let stem, let summary):
          samples.append(try world.plain(event, name: "\(env)-\(stem)", summary: summary))
        }
      }
    } catch {
      throw .simulationFailed(customer: "samples (\(env))", message: error.message)
    }
    return samples
  }

  /// One step of the sample script.
  enum Step {
    case event(WorldEvent)
    case wait(VirtualDuration)
    /// `token(for:)`, kept as the sample `<environment>-<stem>`.
    case custom(CustomLinkTokenType, device: String, stem: String, summary: String)
    /// A notice sheet or link-out call, kept as the sample `<environment>-<stem>`.
    case plain(WorldEvent, stem: String, summary: String)
  }

  /// Both install, then ask for every kind of token a few minutes later.
  static func script(_ env: String) -> [Step] {
    [
      .event(.install(device: "alice.iphone")), .event(.install(device: "kenji.iphone")),
      .wait(2 * Milliseconds.minute),
      .custom(
        .acquisition, device: "alice.iphone", stem: "acquisition",
        summary: "ACQUISITION custom link token (\(env))"),
      .custom(
        .services, device: "alice.iphone", stem: "services", summary: "SERVICES custom link token (\(env))"),
      .wait(10 * Milliseconds.minute), .event(.forceRefresh),
      .custom(
        .services, device: "alice.iphone", stem: "services-refreshed",
        summary: "a refreshed SERVICES token: same dates as `\(env)-services`, new id (\(env))"),
      .custom(
        .inApp, device: "kenji.iphone", stem: "in-app", summary: "IN_APP custom link token, Japan (\(env))"),
      .custom(
        .linkOut, device: "kenji.iphone", stem: "link-out",
        summary: "LINK_OUT custom link token, Japan (\(env))"),
      .wait(5 * Milliseconds.minute),
      .plain(
        .presentNoticeSheet(device: "alice.iphone"), stem: "notice-sheet",
        summary: "plain token from `ExternalPurchase.presentNoticeSheet()` (\(env))"),
      .plain(
        .openLinkOut(device: "alice.iphone", url: nil), stem: "external-purchase-link",
        summary:
          "plain token from `ExternalPurchaseLink.open()`; the `.url` file is the URL it opens (\(env))"),
    ]
  }
}

extension WorldState {
  fileprivate mutating func custom(
    _ type: CustomLinkTokenType, on device: String, name: String, summary: String
  ) throws(SimulationError) -> Sample {
    guard case .token(.token(let index, _)) = try apply(.requestToken(device: device, type: type)).result
    else {
      throw SimulationError("token(for: \(type.rawValue)) on \(device) gave no token")
    }
    return Sample(name: name, token: tokens[index].token, raw: tokens[index].raw, url: nil, summary: summary)
  }

  fileprivate mutating func plain(_ event: WorldEvent, name: String, summary: String) throws(SimulationError)
    -> Sample
  {
    guard case .legacy(.token(let index)) = try apply(event).result else {
      throw SimulationError("\(event.summary) gave no token")
    }
    let issued = tokens[index]
    return Sample(name: name, token: issued.token, raw: issued.raw, url: issued.linkOutURL, summary: summary)
  }
}
