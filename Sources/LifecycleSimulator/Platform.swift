/// The platform a simulated device runs, with the OS versions each StoreKit API needs there.
public enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
  case iOS
  case iPadOS
  case macOS
  case tvOS
  case visionOS
  case watchOS
  case macCatalyst = "MacCatalyst"

  /// Reads a platform name case-insensitively (`ios`, `iPadOS`, `macos`, ...).
  public init?(name: String) {
    guard let match = Platform.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
      return nil
    }
    self = match
  }

  /// The first OS version with `ExternalPurchaseCustomLink` (SPEC 3).
  public var customLinkMinimum: OSVersion {
    switch self {
    case .iOS, .iPadOS, .tvOS, .macCatalyst: return OSVersion(18, 1)
    case .macOS: return OSVersion(15, 1)
    case .visionOS: return OSVersion(2, 1)
    case .watchOS: return OSVersion(11, 1)
    }
  }

  /// The first OS version that hands out IN_APP and LINK_OUT tokens (SPEC 5: iOS 26.4).
  /// Apple names iOS only; since the 2025 releases every platform shares the number 26,
  /// so epsim assumes 26.4 everywhere (docs/rules.md).
  public var perTransactionTokenMinimum: OSVersion { OSVersion(26, 4) }

  /// The first OS version with the notice sheet and link-out APIs (SPEC 3: iOS 15.4), or nil
  /// where epsim does not simulate them (Apple documents them for iOS and iPadOS).
  public var legacyAPIMinimum: OSVersion? {
    switch self {
    case .iOS, .iPadOS: return OSVersion(15, 4)
    default: return nil
    }
  }
}
