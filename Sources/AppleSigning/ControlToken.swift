import Crypto
import Foundation

/// The secret that unlocks the control API (`/epsim/v1/...`) of a mock others can reach.
///
/// Compared in constant time: both sides are hashed with SHA-256 and the digests compared byte by
/// byte without stopping early, so neither the position of the first wrong character nor the
/// token's length shows in the time a refusal takes.
public struct ControlToken: Sendable {
  private let digest: [UInt8]

  /// Fewer characters than this are refused: a shared mock's token should not be guessable.
  public static let minimumLength = 16

  /// Why `text` cannot be a control token, or nil when it can. The token itself is never named,
  /// so the message can be printed.
  public static func problem(with text: String) -> String? {
    if text.isEmpty { return "the control token is empty" }
    guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return "the control token must be printable ASCII without spaces (it travels in an HTTP header)"
    }
    guard text.count >= minimumLength else {
      return
        "the control token must be at least \(minimumLength) characters; `openssl rand -hex 32` makes one"
    }
    return nil
  }

  /// A token; nil when `problem(with:)` finds one.
  public init?(_ text: String) {
    guard Self.problem(with: text) == nil else { return nil }
    digest = Array(SHA256.hash(data: Data(text.utf8)))
  }

  /// True when `presented` is this token.
  public func matches(_ presented: some StringProtocol) -> Bool {
    let other = Array(SHA256.hash(data: Data(presented.utf8)))
    var difference: UInt8 = 0
    for index in digest.indices { difference |= digest[index] ^ other[index] }
    return difference == 0
  }

  /// True when an `Authorization` header carries this token as its bearer credential.
  package func isBearer(of authorization: String?) -> Bool {
    guard let presented = BearerCredential.of(authorization) else { return false }
    return matches(presented)
  }
}

/// The credential of an `Authorization: Bearer ...` header (the scheme is case-insensitive,
/// RFC 9110 11.1), or nil for another scheme or none.
package enum BearerCredential {
  package static func of(_ authorization: String?) -> Substring? {
    guard let authorization, authorization.count > 7,
      authorization.prefix(7).lowercased() == "bearer "
    else { return nil }
    return authorization.dropFirst(7).drop(while: { $0 == " " })
  }
}
