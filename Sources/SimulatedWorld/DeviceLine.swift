import LifecycleSimulator

/// `device NAME PLATFORM VERSION storefront CC [customer C]`.
public struct DeviceLine: Hashable, Sendable {
  public var id: String
  public var platform: Platform
  public var osVersion: OSVersion
  public var storefront: String
  /// Nil: the part of the name before the first dot.
  public var customer: String?

  public init(
    id: String, platform: Platform, osVersion: OSVersion, storefront: String, customer: String? = nil
  ) {
    self.id = id
    self.platform = platform
    self.osVersion = osVersion
    self.storefront = storefront
    self.customer = customer
  }

  /// The customer the device belongs to: the one named, or the name's part before the first dot.
  public var customerId: String? {
    if let customer { return customer }
    guard let dot = id.firstIndex(of: ".") else { return nil }
    return String(id[..<dot])
  }
}
