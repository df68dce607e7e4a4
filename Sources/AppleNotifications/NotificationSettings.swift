import AppleWireTypes
import LifecycleSimulator

/// When epsim's `EXTERNAL_PURCHASE_TOKEN` notifications fire, on the virtual clock (SPEC 8), and
/// how every notification (App Store events and TEST too) is delivered and retried.
/// Apple says "soon after" expiry and publishes no reminder interval; both are settings here.
public struct NotificationSettings: Hashable, Sendable {
  /// The backend's notification URL; nil logs notifications without sending them.
  public var webhookURL: String?
  /// UNREPORTED for an ACQUISITION or SERVICES token fires this long after its expiry.
  public var unreportedDelay: VirtualDuration
  /// ACTIVE_TOKEN_REMINDER fires this often during an unreported ACQUISITION or SERVICES token's life.
  public var reminderInterval: VirtualDuration
  /// Delays before each retry after a failed delivery, as App Store Server Notifications V2
  /// retries: 1, 12, 24, 48 and 72 hours after the previous attempt.
  public var retryDelays: [VirtualDuration]
  /// Apple sends sandbox notifications once, without retries (SPEC-APPSTORE 5.1); true retries
  /// them on `retryDelays` too, for a backend that wants to test its retry handling in sandbox.
  public var retriesInSandbox: Bool
  /// A webhook that does not answer within this many real seconds counts as `TIMED_OUT`.
  public var webhookTimeout: Double

  /// UNREPORTED for any other token (plain, IN_APP, LINK_OUT) fires this long after its creation (SPEC 8).
  public static let plainTokenUnreportedDelay: VirtualDuration = 10 * Milliseconds.day

  public init(
    webhookURL: String? = nil, unreportedDelay: VirtualDuration = Milliseconds.hour,
    reminderInterval: VirtualDuration = 30 * Milliseconds.day,
    retryDelays: [VirtualDuration] = [1, 12, 24, 48, 72].map { $0 * Milliseconds.hour },
    retriesInSandbox: Bool = false, webhookTimeout: Double = 10
  ) {
    self.webhookURL = webhookURL
    self.unreportedDelay = unreportedDelay
    self.reminderInterval = reminderInterval
    self.retryDelays = retryDelays
    self.retriesInSandbox = retriesInSandbox
    self.webhookTimeout = webhookTimeout
  }

  /// The retry delays for a notification of `environment` (`Production` or `Sandbox`).
  public func retryDelays(environment: AppleEnvironment) -> [VirtualDuration] {
    environment == .sandbox && !retriesInSandbox ? [] : retryDelays
  }
}
