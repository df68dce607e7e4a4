import AppleNotifications
import AppleSigning
import Crypto
import Foundation
import Logging

/// How `epsim serve` listens and what it accepts.
public struct ServerConfiguration: Sendable {
  public var host: String
  /// 0 picks a free port; `onRunning` reports the one chosen.
  public var port: Int
  /// Checks the bearer JWT of the mock Apple endpoints.
  public var verifier: AppStoreJWTVerifier
  /// Larger request bodies are answered 413.
  public var maximumBodyBytes: Int
  /// Requests to the Apple endpoints per real second before 429; nil for no limit.
  public var rateLimitPerSecond: Int?
  /// Apple's per-endpoint App Store Server API limits (429 with `Retry-After`); nil for none.
  public var appleRateLimits: AppleRateLimits?
  /// The real clock JWTs are checked against (injected so tests can move it).
  public var clock: @Sendable () -> Date
  /// How much the server logs (startup at info, failures at error).
  public var logLevel: Logger.Level
  /// Where and when EXTERNAL_PURCHASE_TOKEN notifications go.
  public var notifications: NotificationSettings
  /// When set, every `/epsim/v1` request needs `Authorization: Bearer <token>`; nil leaves the
  /// control API open, as on a developer's loopback.
  public var controlToken: ControlToken?
  /// When set, the server speaks HTTPS only.
  public var tls: ServerTLS?
  /// A kept root (`epsim cert`) to sign notifications and signed data under; nil for a new root
  /// per server.
  public var testRoot: LocalCertificateAuthority?
  /// Under `--clock wall`, how many times faster than real time the virtual clock follows it;
  /// nil leaves the clock virtual (it moves only when told).
  public var wallClockRate: Double?

  public init(
    host: String = "127.0.0.1", port: Int = 8080, verifier: AppStoreJWTVerifier,
    maximumBodyBytes: Int = 1 << 20,
    rateLimitPerSecond: Int? = nil, clock: @escaping @Sendable () -> Date = { Date() },
    logLevel: Logger.Level = .info, notifications: NotificationSettings = NotificationSettings(),
    appleRateLimits: AppleRateLimits? = nil, controlToken: ControlToken? = nil, tls: ServerTLS? = nil,
    testRoot: LocalCertificateAuthority? = nil, wallClockRate: Double? = nil
  ) {
    self.wallClockRate = wallClockRate
    self.testRoot = testRoot
    self.controlToken = controlToken
    self.tls = tls
    self.appleRateLimits = appleRateLimits
    self.host = host
    self.port = port
    self.verifier = verifier
    self.maximumBodyBytes = maximumBodyBytes
    self.rateLimitPerSecond = rateLimitPerSecond
    self.clock = clock
    self.logLevel = logLevel
    self.notifications = notifications
  }
}
