import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// Where `advance` moves the clock.
public enum ClockMove: Hashable, Sendable {
  /// `advance 1h`
  case by(VirtualDuration)
  /// `advance to 2026-03-01T10:00:00Z`
  case to(VirtualTime)
  /// `advance to next expiry [minus|plus D]`
  case nextExpiry(offset: VirtualDuration)
  /// `advance to expiry of TYPE [of C] [minus|plus D]`; a nil customer is the last device's customer.
  case expiryOf(type: CustomLinkTokenType, customer: String?, offset: VirtualDuration)
  /// `advance to next renewal|retry [of C] [minus|plus D]`, `advance to grace end ...`; nil: any customer.
  case commerce(CommerceDueKind, customer: String?, offset: VirtualDuration)
}
