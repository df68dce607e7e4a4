/// Why a request's bearer token was refused; the server answers 401 and names the reason in
/// the `epsim-auth-error` header so a developer can see what to fix.
public struct AuthenticationFailure: Error, Hashable, Sendable, CustomStringConvertible {
  public let reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
