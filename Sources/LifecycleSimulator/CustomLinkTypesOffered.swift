import ExternalPurchaseTokens

/// A set of custom link token types, as bits: the answer of `WorldState.customLinkTypesOffered(on:)`.
public struct CustomLinkTypesOffered: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let acquisition = Self(rawValue: 1)
  public static let services = Self(rawValue: 2)
  public static let inApp = Self(rawValue: 4)
  public static let linkOut = Self(rawValue: 8)

  /// The set of `type` alone.
  public init(_ type: CustomLinkTokenType) {
    switch type {
    case .acquisition: self = .acquisition
    case .services: self = .services
    case .inApp: self = .inApp
    case .linkOut: self = .linkOut
    }
  }

  /// Whether `type` is in the set.
  public func offers(_ type: CustomLinkTokenType) -> Bool { contains(Self(type)) }
}
