import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// One step of a `WorldSimulation`'s history, resolved: what a command came to once its names and
/// relative times were read against the world, so replaying it gives the same result.
public enum WorldStep: Hashable, Sendable {
  /// Token-world events applied together (a command's events, or a UI action); the App Store
  /// follows them (a storefront move, the clock).
  case events([WorldEvent])
  /// A purchase step (`buy`, `refund`, `billing`, ...) at the world's time.
  case purchase(CommerceStep)
  /// A change a backend made through the App Store Server API (an app account token, an extension).
  case backend(CommerceEvent)
}
