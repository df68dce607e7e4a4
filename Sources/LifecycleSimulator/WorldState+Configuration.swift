import ExternalPurchaseTokens

/// World edits: customers, devices, storefronts, OS versions, rules and the app.
extension WorldState {
  mutating func changeConfiguration(_ event: WorldEvent) throws(SimulationError) {
    switch event {
    case .addCustomer(let customer):
      try Self.validateHandle(customer.id, what: "customer")
      // A scenario's `for all` means every customer, so no customer may be called that.
      guard customer.id != "all" else {
        throw SimulationError("customer name 'all' is reserved: 'for all' means every customer")
      }
      guard self.customer(customer.id) == nil else {
        throw SimulationError("customer \(TypedValue.quoted(customer.id)) already exists")
      }
      customers.append(customer)
    case .addDevice(let device):
      try Self.validateHandle(device.id, what: "device")
      guard self.device(device.id) == nil else {
        throw SimulationError("device \(TypedValue.quoted(device.id)) already exists")
      }
      _ = try existingCustomerIndex(device.customerId)
      try Self.validateStorefront(device.storefront)
      try Self.validateOSVersion(device.osVersion)
      devices.append(device)
    case .setStorefront(let deviceId, let storefront):
      try Self.validateStorefront(storefront)
      devices[try existingDeviceIndex(deviceId)].storefront = storefront
    case .setOSVersion(let deviceId, let version):
      try Self.validateOSVersion(version)
      devices[try existingDeviceIndex(deviceId)].osVersion = version
    case .setCanMakePayments(let customerId, let allowed):
      customers[try existingCustomerIndex(customerId)].canMakePayments = allowed
    case .setRules(let newRules):
      // SPEC 2: a token's environment is fixed when it is minted. Periods made under one
      // environment would otherwise be answered again under the other's header.
      if newRules.environment != rules.environment, !tokens.isEmpty {
        let from = rules.environment.rawValue
        throw SimulationError(
          "cannot switch to \(newRules.environment.rawValue): this world already has \(tokens.count) \(from)"
            + " token\(tokens.count == 1 ? "" : "s"), and all tokens of a world belong to one environment"
            + " (docs/rules.md, Tokens); start a new world in \(newRules.environment.rawValue) instead")
      }
      for type in CustomLinkTokenType.allCases {
        do {
          try StepLimits.lifetime.check(newRules.lifetimes[type], field: "lifetime of \(type.rawValue)")
        } catch {
          throw SimulationError(error.message)
        }
      }
      rules = newRules
    case .setApp(let newApp):
      app = newApp
    default:
      preconditionFailure("changeConfiguration called with \(event)")
    }
  }

  /// Storefronts are lowercase two-letter country codes, as in the Info.plist keys (SPEC 6), and
  /// ones ISO 3166-1 assigns: `zz` names no country.
  static func validateStorefront(_ code: String) throws(SimulationError) {
    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter }) else {
      throw SimulationError(
        "storefront \(TypedValue.quoted(code)) must be a lowercase two-letter country code such as nl or jp")
    }
    guard CountryCodes.assigned.contains(code) else {
      throw SimulationError(
        "storefront '\(code)' is no country's code (ISO 3166-1 alpha-2, such as nl or jp)")
    }
  }

  /// Every Apple platform's versions start at 1: a device on version 0 is a typing slip.
  static func validateOSVersion(_ version: OSVersion) throws(SimulationError) {
    guard version.major >= 1 else {
      throw SimulationError(
        "OS version \(version) names no release: versions start at 1 (such as 18.2 or 26.4)")
    }
  }

  /// Handles are typed in scenarios: letters, digits and `._-`, starting with a letter.
  static func validateHandle(_ handle: String, what: String) throws(SimulationError) {
    guard let first = handle.first, first.isASCII, first.isLetter,
      handle.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    else {
      throw SimulationError(
        "\(what) name \(TypedValue.quoted(handle)) must start with a letter and use only letters, digits, . _ -"
      )
    }
  }
}
