import AppStoreCommerce
import AppleSigning
import Foundation

/// Apple's signed forms of the App Store's data: each payload as a compact JWS (ES256, `x5c` chain
/// of the test certificate authority), as `signedTransactionInfo`, `signedRenewalInfo` and
/// `signedPayload` carry them (SPEC-APPSTORE 2).
public struct SignedCommerceData: Sendable {
  public let authority: TestCertificateAuthority

  public init(authority: TestCertificateAuthority) { self.authority = authority }

  /// Keys sorted and slashes unescaped, so the same payload always signs the same bytes and a
  /// reader sees URLs as they are.
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Any payload as a JWS; absent (nil) fields are left out, as Apple leaves them out.
  public func sign(_ payload: some Encodable) throws -> String {
    try authority.sign(payload: Self.encoder().encode(payload))
  }

  /// A `signedTransactionInfo`.
  public func transaction(_ payload: TransactionPayload) throws -> String { try sign(payload) }

  /// A `signedRenewalInfo`.
  public func renewalInfo(_ payload: RenewalInfoPayload) throws -> String { try sign(payload) }
}
