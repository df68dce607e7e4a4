import ExternalPurchaseTokens
import LifecycleSimulator

/// Where a generated token stands at the end of the simulated window.
public enum TokenState: String, CaseIterable, Hashable, Sendable {
  /// A custom link token whose period is still running (half-open: creation <= end < expiration).
  case active
  /// A custom link token whose expiration date is at or before the end.
  case expired
  /// A plain token (notice sheet, link-out): it has no expiration date.
  case noExpiry = "no-expiry"

  public init(of token: ExternalPurchaseToken, at time: VirtualTime) {
    if token.tokenExpirationDate == nil {
      self = .noExpiry
    } else {
      self = token.isActive(at: time) ? .active : .expired
    }
  }
}
