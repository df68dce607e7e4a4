import ExternalPurchaseTokens
import LifecycleSimulator

/// Small worlds for engine tests: one EU customer with two devices, one Japanese customer.
enum TestWorlds {
  static let start: VirtualTime = 1_772_355_600_000

  static func eu(rules: LifecycleRules, seed: UInt64 = 7) -> WorldState {
    WorldState(
      now: start, rules: rules,
      app: AppConfiguration(
        bundleId: "com.example", appAppleId: 1_234_567_890,
        entitlements: Entitlements(externalPurchaseLink: true, customPurchaseLinkAllowedRegions: ["jp"]),
        infoPlist: InfoPlistKeys(customLinkRegions: ["nl", "fr"])),
      seed: seed,
      customers: [Customer(id: "alice"), Customer(id: "kenji")],
      devices: [
        Device(id: "a1", customerId: "alice", platform: .iOS, osVersion: OSVersion(18, 2), storefront: "nl"),
        Device(
          id: "a2", customerId: "alice", platform: .iPadOS, osVersion: OSVersion(18, 1), storefront: "nl"),
        Device(id: "k1", customerId: "kenji", platform: .iOS, osVersion: OSVersion(26, 4), storefront: "jp"),
      ])
  }
}

extension WorldState {
  /// Applies an event that must succeed and returns its result.
  @discardableResult
  mutating func run(_ event: WorldEvent) throws -> EventResult {
    try apply(event).result
  }

  /// Requests a token and returns the issued token and disposition, or nil for no token / not eligible.
  mutating func request(_ type: CustomLinkTokenType, on device: String) throws -> (
    IssuedToken, TokenDisposition
  )? {
    guard case .token(let result) = try run(.requestToken(device: device, type: type)),
      case .token(let index, let disposition) = result
    else { return nil }
    return (tokens[index], disposition)
  }

  mutating func advance(by duration: VirtualDuration) throws {
    try run(.advanceClock(to: now + duration))
  }
}
