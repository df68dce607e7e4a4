/// Why a token string could not be decoded, precise enough to fix the token by hand.
///
/// `reason` is for code (switch on it, compare it in tests); `description` is one
/// sentence for people, saying what is wrong and where (a byte offset, a field name).
public struct TokenDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  public var reason: Reason

  public init(_ reason: Reason) {
    self.reason = reason
  }

  public var description: String { reason.description }
}
