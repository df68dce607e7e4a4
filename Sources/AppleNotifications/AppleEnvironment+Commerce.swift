import AppStoreCommerce
import AppleWireTypes

extension AppleEnvironment {
  /// The environment the App Store engine runs in, as Apple writes it.
  package init(_ environment: CommerceEnvironment) { self.init(rawValue: environment.rawValue) }
}
