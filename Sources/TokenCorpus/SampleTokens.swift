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
}
