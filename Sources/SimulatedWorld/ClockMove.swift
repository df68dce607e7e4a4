import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// Where `advance` moves the clock.
public enum ClockMove: Hashable, Sendable {
  /// `advance 1h`
  case by(VirtualDuration)
  /// `advance to 2026-03-01T10:00:00Z`
  case to(VirtualTime)
  /// `advance to next expiry [minus|plus D]`: the next expiry of anyone's token, nothing else.
  case nextExpiry(offset: VirtualDuration)
  /// `advance to next moment [minus|plus D]`: the nearer of the next token expiry and the App
  /// Store's next moment (a renewal, a billing retry, a grace period's end), whoever it concerns:
  /// the terminal UI's `e`, `<` and `>`.
  case nextMoment(offset: VirtualDuration)
  /// `advance to expiry of TYPE [of C] [minus|plus D]`; a nil customer is the last device's customer.
  case expiryOf(type: CustomLinkTokenType, customer: String?, offset: VirtualDuration)
  /// `advance to next renewal|retry [of C] [minus|plus D]`, `advance to grace end ...`; nil: any customer.
  case commerce(CommerceDueKind, customer: String?, offset: VirtualDuration)
}

extension ClockMove {
  /// The move as the history keeps it beside the step it made, when it named a moment rather
  /// than a time: with the customer it defaulted to written out, so replaying it anywhere lands
  /// on the same instant. Nil for `advance 1h` and `advance to TIME`, which the step says as well.
  func keptForm(lastCustomer: String?) -> ClockMove? {
    switch self {
    case .by, .to: return nil
    case .expiryOf(let type, nil, let offset):
      return lastCustomer.map { .expiryOf(type: type, customer: $0, offset: offset) }
    case .nextExpiry, .nextMoment, .expiryOf, .commerce: return self
    }
  }
}
