import ExternalPurchaseTokens
import Foundation
import Testing

/// `epsim decode --json` writes canonical tokens by copying their JSON (the fast path) and any
/// other token from the declared members (`shownMembers`). Both must give the declared line, for
/// tokens with and without a type, an expiry and extra fields (decision 0157).
@Suite("epsim decode --json: the declared fields on both paths")
struct DecodeFieldOrderTests {
  static let tokens: [ExternalPurchaseToken] = [
    ExternalPurchaseToken(
      appAppleId: 1_234_567_890, bundleId: "com.example.app", tokenCreationDate: 1_772_355_600_000,
      externalPurchaseId: "001a2b3c-0000-4000-8000-000000000001"),
    ExternalPurchaseToken(
      appAppleId: 7, bundleId: "de.shop", tokenCreationDate: 1_700_000_000_123,
      externalPurchaseId: "SANDBOX_001a2b3c-0000-4000-8000-000000000002", tokenType: .services,
      tokenExpirationDate: 1_700_086_400_123),
    ExternalPurchaseToken(
      appAppleId: 9, bundleId: "de.shop", tokenCreationDate: 1_700_000_000_000,
      externalPurchaseId: "001a2b3c-0000-4000-8000-000000000003", tokenType: .acquisition,
      tokenExpirationDate: 1_700_000_000_001,
      extraFields: [
        JSONMember(name: "future", value: .array([.bool(true), .null, .number("2")])),
        JSONMember(name: "kind", value: .string("clash")),
      ]),
    ExternalPurchaseToken(
      appAppleId: 9, bundleId: "de.shop", tokenCreationDate: 1_700_000_000_000,
      externalPurchaseId: "SANDBOX_001a2b3c-0000-4000-8000-000000000004",
      extraFields: [JSONMember(name: "note", value: .string("plain with an extra"))]),
  ]

  static func declaredLine(_ token: ExternalPurchaseToken) -> String {
    var bytes: [UInt8] = []
    JSONBytes.appendObject(token.shownMembers, to: &bytes)
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  @Test func everyFormGivesTheDeclaredLine() throws {
    // Canonical (the fast path when there are no extras), padded and pretty (the general path).
    let encoders = [TokenEncoder(), TokenEncoder(quirks: .padding), TokenEncoder(quirks: .all)]
    let input = encoders.flatMap { encoder in Self.tokens.map(encoder.encode) }.joined(separator: "\n") + "\n"
    let expected = encoders.flatMap { _ in Self.tokens.map(Self.declaredLine) }.joined()
    for jobs in ["1", "2"] {
      let outcome = try EpsimExecutable.run(["decode", "--json", "--jobs", jobs], input: input)
      #expect(outcome.status == 0)
      #expect(outcome.standardError.isEmpty)
      #expect(outcome.standardOutput == expected)
    }
  }
}
