import ExternalPurchaseAvailability

extension Platform {
  /// The first version of this platform on which `key` takes effect; nil where it never does.
  public func minimum(of key: KeyAvailability) -> OSVersion? {
    switch self {
    case .iOS, .iPadOS: return key.iOS
    case .macOS: return key.macOS
    case .tvOS: return key.tvOS
    case .visionOS: return key.visionOS
    case .watchOS: return key.watchOS
    case .macCatalyst: return key.macCatalyst
    }
  }
}
