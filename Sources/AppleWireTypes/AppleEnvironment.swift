/// Apple's `environment` on the wire (`Sandbox`, `Production`, ...), typed, with a value Apple adds
/// later kept as sent rather than lost: encoded and decoded as its raw string.
public struct AppleEnvironment: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// `"Sandbox"` as Apple writes it, for tests and tables.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public static let sandbox = Self(rawValue: "Sandbox")
  public static let production = Self(rawValue: "Production")
  /// StoreKit Testing in Xcode.
  public static let xcode = Self(rawValue: "Xcode")
  public static let localTesting = Self(rawValue: "LocalTesting")

  public var description: String { rawValue }
}
