import ExternalPurchaseTokens

/// Two hand-picked tokens that tests across targets share.
public enum SampleTokens {
  /// A sandbox SERVICES token created 2026-03-01T09:00:00Z, expiring one hour later.
  public static let customLink = ExternalPurchaseToken(
    appAppleId: 1_234_567_890, bundleId: "com.example.app", tokenCreationDate: 1_772_355_600_000,
    externalPurchaseId: "SANDBOX_0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4A", tokenType: .services,
    tokenExpirationDate: 1_772_359_200_000)

  /// A production plain token (notice sheet or link-out) created 2023-11-14T22:13:20.123Z.
  public static let plain = ExternalPurchaseToken(
    appAppleId: 987_654_321, bundleId: "de.shop.checkout", tokenCreationDate: 1_700_000_000_123,
    externalPurchaseId: "7E1F9C2B-3A4D-4B5E-8C6F-0A1B2C3D4E5F")

  /// Tokens of every shape the declared fields allow (decision 0157): plain and custom link, each
  /// environment, with and without extra fields, one extra named like a derived value (`kind`).
  public static let fieldShapes: [ExternalPurchaseToken] = {
    var withExtras = customLink
    withExtras.externalPurchaseId = "0C3D5A4E-8F7B-4E9D-9B1A-2F6E8D7C5B4B"
    withExtras.extraFields = [
      JSONMember(name: "future", value: .array([.bool(true), .null, .number("1.5e3"), .string("q\\")])),
      JSONMember(name: "kind", value: .object([JSONMember(name: "k", value: .string("v"))])),
    ]
    var plainWithExtra = plain
    plainWithExtra.externalPurchaseId = "SANDBOX_7E1F9C2B-3A4D-4B5E-8C6F-0A1B2C3D4E60"
    plainWithExtra.extraFields = [JSONMember(name: "note", value: .string("plain with an extra"))]
    return [customLink, plain, withExtras, plainWithExtra]
  }()
}
