import AppleWireTypes
import ExternalPurchaseTokens

extension AppleEnvironment {
  /// The environment the simulation runs in, as Apple writes it.
  package init(_ environment: TokenEnvironment) { self.init(rawValue: environment.appleName) }
}
