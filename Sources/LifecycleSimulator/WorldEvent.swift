import ExternalPurchaseTokens

/// Everything that can happen to the world. The state is a fold of these over the initial world.
public enum WorldEvent: Hashable, Sendable, Codable {
  // App lifecycle on a device (SPEC 4's qualifying events).
  case install(device: String)
  case update(device: String, version: String?)
  case redownload(device: String)
  case uninstall(device: String)

  // StoreKit calls from the app on a device (SPEC 3).
  case requestToken(device: String, type: CustomLinkTokenType)
  /// The typed `token(for: TokenType)` of 27.2 (SPEC 5).
  case requestTypedToken(device: String, request: TypedTokenRequest)
  case checkEligibility(device: String)
  case presentNoticeSheet(device: String)
  case openLinkOut(device: String, url: String?)
  /// The next ACQUISITION/SERVICES answer from an existing period is a refreshed token.
  case forceRefresh

  // The virtual clock.
  case advanceClock(to: VirtualTime)

  // Changes to the world. The cases with a large payload are boxed: an event is as large as its
  // largest case, and every event, a clock step or a token request too, was copied at the size of
  // a whole app configuration (issue 26).
  indirect case addCustomer(Customer)
  indirect case addDevice(Device)
  case setStorefront(device: String, storefront: String)
  indirect case setOSVersion(device: String, version: OSVersion)
  case setCanMakePayments(customer: String, allowed: Bool)
  indirect case setRules(LifecycleRules)
  indirect case setApp(AppConfiguration)
}

extension WorldEvent {
  /// A short human description, used in logs and the UI.
  public var summary: String {
    switch self {
    case .install(let device): return "install on \(device)"
    case .update(let device, let version): return "update on \(device)" + (version.map { " to \($0)" } ?? "")
    case .redownload(let device): return "redownload on \(device)"
    case .uninstall(let device): return "uninstall from \(device)"
    case .requestToken(let device, let type): return "token(for: \(type.rawValue)) on \(device)"
    case .requestTypedToken(let device, let request): return "\(request.call) on \(device)"
    case .checkEligibility(let device): return "isEligible on \(device)"
    case .presentNoticeSheet(let device): return "presentNoticeSheet() on \(device)"
    case .openLinkOut(let device, let url): return "ExternalPurchaseLink.open(\(url ?? "")) on \(device)"
    case .forceRefresh: return "force a refreshed token on the next request"
    case .advanceClock(let time): return "clock to \(ISOTime.string(time))"
    case .addCustomer(let customer): return "add customer \(customer.id)"
    case .addDevice(let device):
      return "add device \(device.id) (\(device.platform.rawValue) \(device.osVersion), \(device.storefront))"
    case .setStorefront(let device, let storefront): return "storefront of \(device) to \(storefront)"
    case .setOSVersion(let device, let version): return "OS of \(device) to \(version)"
    case .setCanMakePayments(let customer, let allowed): return "\(customer) can make payments: \(allowed)"
    case .setRules(let rules): return "rules: \(rules.summary)"
    case .setApp(let app): return "app \(app.bundleId) \(app.version)"
    }
  }
}
