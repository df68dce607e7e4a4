/// A form with a purpose: what the form edits decides how its values are applied.
public struct Dialog: Hashable, Sendable {
  /// Which form this is, with what it needs to apply its values.
  public enum Kind: Hashable, Sendable {
    case addCustomer
    case addDevice
    case editDevice(deviceId: String)
    case rules
    case goToTime
    case export
    /// `thenQuit`: opened from the quit prompt, so a successful save ends the session.
    case saveScenario(thenQuit: Bool)
    case newWorld
    /// An App Store purchase on a device; `storefronts` are the devices' App Store storefronts
    /// (`NLD`), in the order of the form's device choices ("" where the App Store has none).
    case buy(storefronts: [String])
    /// Another product of the customer's subscription group.
    case changeProduct(customer: String, group: String)
    /// The App Store's settings: grace period, a tester's renewal rate and failing renewals.
    case storeSettings
    /// Which of the selected thing's ids `Y` copies, when it has several.
    case copyId
  }

  public var kind: Kind
  public var form: Form
}
