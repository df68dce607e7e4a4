import LifecycleSimulator

/// When epsim's `EXTERNAL_PURCHASE_TOKEN` notifications fire, on the virtual clock (SPEC 8).
/// Apple says "soon after" expiry and publishes no reminder interval; both are settings here.
public struct NotificationSettings: Hashable, Sendable {
  /// The backend's notification URL; nil logs notifications without sending them.
  public var webhookURL: String?
  /// UNREPORTED for a custom link token fires this long after its expiry.
  public var unreportedDelay: VirtualDuration
  /// ACTIVE_TOKEN_REMINDER fires this often during an unreported ACQUISITION or SERVICES token's life.
  public var reminderInterval: VirtualDuration
  /// Delays before each retry after a failed delivery, as App Store Server Notifications V2
  /// retries: 1, 12, 24, 48 and 72 hours after the previous attempt.
  public var retryDelays: [VirtualDuration]

  /// UNREPORTED for a plain token (no expiry) fires this long after creation (SPEC 8).
  public static let plainTokenUnreportedDelay: VirtualDuration = 10 * Milliseconds.day

  public init(
    webhookURL: String? = nil, unreportedDelay: VirtualDuration = Milliseconds.hour,
    reminderInterval: VirtualDuration = 30 * Milliseconds.day,
    retryDelays: [VirtualDuration] = [1, 12, 24, 48, 72].map { $0 * Milliseconds.hour }
  ) {
    self.webhookURL = webhookURL
    self.unreportedDelay = unreportedDelay
    self.reminderInterval = reminderInterval
    self.retryDelays = retryDelays
  }
}
