import ExternalPurchaseTokens

/// Install, update, redownload and uninstall, and the periods they start (SPEC 4).
extension WorldState {
  mutating func install(deviceId: String, log: inout EventLog) throws(SimulationError) -> EventResult {
    let deviceIndex = try existingDeviceIndex(deviceId)
    guard !devices[deviceIndex].isAppInstalled else {
      throw SimulationError("the app is already installed on \(deviceId); use update or uninstall")
    }
    // The owner's id read first: read in the argument list of a call on `self`, it made the
    // compiler copy the whole world (issue 26).
    let ownerId = devices[deviceIndex].customerId
    let customerIndex = try existingCustomerIndex(ownerId)
    devices[deviceIndex].installedVersion = app.version
    // Locals for the calls below: an argument read from `devices[...]` for a mutating call made
    // the compiler copy the whole world first (issue 26).
    let customerId = customers[customerIndex].id
    let device = devices[deviceIndex]
    guard !customers[customerIndex].hasInstalledApp else {
      // The account downloaded the app before, on this or another device: the App Store
      // treats that as a redownload (docs/rules.md).
      log.add(.info, "\(customerId) downloaded the app before: this install is a redownload")
      return .lifecycle(startedPeriods: startServicesOnQualifyingEvent(deviceIndex: deviceIndex, log: &log))
    }
    customers[customerIndex].hasInstalledApp = true
    log.add(.info, "first install of the app across all of \(customerId)'s devices")
    guard rules.creation == .onQualifyingEvent, mayStartPeriods(on: device, log: &log) else {
      return .lifecycle(startedPeriods: [])
    }
    var started: [Int] = []
    if !hasPeriod(of: customerId, type: .acquisition) {
      started.append(startPeriod(type: .acquisition, customerId: customerId, deviceId: deviceId, log: &log))
    }
    if activePeriodIndex(of: customerId, type: .services) == nil {
      started.append(startPeriod(type: .services, customerId: customerId, deviceId: deviceId, log: &log))
    }
    return .lifecycle(startedPeriods: started)
  }

  mutating func update(deviceId: String, version: String?, log: inout EventLog) throws(SimulationError)
    -> EventResult
  {
    let deviceIndex = try existingDeviceIndex(deviceId)
    guard devices[deviceIndex].isAppInstalled else {
      throw SimulationError("the app is not installed on \(deviceId); install or redownload it first")
    }
    if let version { app.version = version }
    devices[deviceIndex].installedVersion = app.version
    return .lifecycle(startedPeriods: startServicesOnQualifyingEvent(deviceIndex: deviceIndex, log: &log))
  }

  mutating func redownload(deviceId: String, log: inout EventLog) throws(SimulationError) -> EventResult {
    let deviceIndex = try existingDeviceIndex(deviceId)
    guard !devices[deviceIndex].isAppInstalled else {
      throw SimulationError("the app is still installed on \(deviceId); uninstall it before a redownload")
    }
    let ownerId = devices[deviceIndex].customerId
    let customer = customers[try existingCustomerIndex(ownerId)]
    guard customer.hasInstalledApp else {
      throw SimulationError(
        "\(customer.id) never downloaded the app, so this would be a first install: use install")
    }
    devices[deviceIndex].installedVersion = app.version
    return .lifecycle(startedPeriods: startServicesOnQualifyingEvent(deviceIndex: deviceIndex, log: &log))
  }

  mutating func uninstall(deviceId: String, log: inout EventLog) throws(SimulationError) -> EventResult {
    let deviceIndex = try existingDeviceIndex(deviceId)
    guard devices[deviceIndex].isAppInstalled else {
      throw SimulationError("the app is not installed on \(deviceId)")
    }
    devices[deviceIndex].installedVersion = nil
    return .lifecycle(startedPeriods: [])
  }

  /// An update or redownload starts a SERVICES period only when none is active (SPEC 4), and only
  /// when the rules let events start it: `creation` decides for the customer's first SERVICES
  /// period, `servicesRenewal` for every later one (the matrix in docs/scenarios.md).
  private mutating func startServicesOnQualifyingEvent(deviceIndex: Int, log: inout EventLog) -> [Int] {
    let device = devices[deviceIndex]
    guard servicesStartOnEvents(customerId: device.customerId) else { return [] }
    if let active = activePeriodIndex(of: device.customerId, type: .services) {
      log.add(.info, "SERVICES period \(periods[active].ordinal) is still active: no new period")
      return []
    }
    guard mayStartPeriods(on: device, log: &log) else { return [] }
    return [startPeriod(type: .services, customerId: device.customerId, deviceId: device.id, log: &log)]
  }

  /// Whether the customer's next SERVICES period starts on qualifying events rather than requests.
  func servicesStartOnEvents(customerId: String) -> Bool {
    !hasPeriod(of: customerId, type: .services)
      ? rules.creation == .onQualifyingEvent : rules.servicesRenewal == .onQualifyingEvent
  }

  /// An app that configures neither region key gets no ACQUISITION or SERVICES period at all
  /// (SPEC 4); with `creationNeedsEligibility`, a qualifying event on a device that is not
  /// eligible for custom links starts nothing. The event still counts: a first install stays the
  /// first.
  private func mayStartPeriods(on device: Device, log: inout EventLog) -> Bool {
    if let reason = Self.noRegionKeysReason(app) {
      log.add(.info, "no period starts: \(reason)", topic: .noPeriodStarted)
      return false
    }
    guard rules.creationNeedsEligibility, let reason = customLinkIneligibility(on: device) else {
      return true
    }
    log.add(.info, "no period starts: \(device.id) is not eligible (\(reason.code))", topic: .noPeriodStarted)
    return false
  }

  /// Why an app gets no ACQUISITION or SERVICES token: Apple's system makes them only for an app
  /// that configures `SKExternalPurchaseCustomLinkRegions` or
  /// `SKExternalPurchaseLinkStreamingRegions` (SPEC 4); nil when it configures one. The
  /// allowed-regions entitlement alone (Brazil, Japan) gives IN_APP and LINK_OUT only.
  static func noRegionKeysReason(_ app: AppConfiguration) -> String? {
    guard app.infoPlist.customLinkRegions.isEmpty, app.infoPlist.streamingRegions.isEmpty else { return nil }
    return "the app configures neither SKExternalPurchaseCustomLinkRegions nor"
      + " SKExternalPurchaseLinkStreamingRegions, and Apple makes ACQUISITION and SERVICES tokens only"
      + " for an app that does"
  }

  /// Starts a period of `type` for customer `customerId` at the current time and mints its first
  /// token, for device `deviceId`. Given the two ids, not the device: a copy of the device
  /// retained its four strings (issue 26).
  mutating func startPeriod(
    type: CustomLinkTokenType, customerId: String, deviceId: String, log: inout EventLog
  )
    -> Int
  {
    let periodId = periods.count
    // Ordinals count up from 1 per customer and type, so the latest one's is the count so far.
    let ordinal = (latestPeriodIndex(of: customerId, type: type).map { periods[$0].ordinal } ?? 0) + 1
    let period = TokenPeriod(
      id: periodId, customerId: customerId, type: type, ordinal: ordinal, creationDate: now,
      expirationDate: now + rules.lifetimes[type], tokenIndexes: [], requestCount: 0)
    periods.append(period)
    notePeriodStarted(periodId)
    log.add(
      .period,
      "\(type.rawValue) period \(ordinal) of \(customerId) starts, expires \(ISOTime.string(period.expirationDate))"
    )
    mintToken(
      customerId: customerId, deviceId: deviceId, source: .customLink(periodId: periodId), isRefresh: false,
      log: &log)
    return periodId
  }

  /// Creates a token with a fresh id and records it; custom link tokens take their period's dates.
  @discardableResult
  mutating func mintToken(
    customerId: String, deviceId: String, source: TokenSource, isRefresh: Bool, log: inout EventLog
  ) -> Int {
    let uuid = generator.uuidString()
    let id = rules.environment == .sandbox ? "\(TokenEnvironment.sandboxIdPrefix)_\(uuid)" : uuid
    var token = ExternalPurchaseToken(
      appAppleId: app.appAppleId, bundleId: app.bundleId, tokenCreationDate: now, externalPurchaseId: id)
    if case .customLink(let periodId) = source {
      token.tokenType = periods[periodId].type
      token.tokenCreationDate = periods[periodId].creationDate
      token.tokenExpirationDate = periods[periodId].expirationDate
    }
    let kind = token.tokenType?.rawValue ?? "plain"
    let index = tokens.count
    // Moved into the record, not copied: a copy retained the token's strings and the local
    // released them again, on every token minted (issue 26).
    tokens.append(
      IssuedToken(
        id: index, token: consume token, customerId: customerId,
        deviceId: deviceId, source: source, isRefresh: isRefresh, issuedAt: now))
    if case .customLink(let periodId) = source { periods[periodId].tokenIndexes.append(index) }
    log.add(
      .token, "\(isRefresh ? "refreshed " : "")\(kind) token \(id) for \(customerId) on \(deviceId)")
    return index
  }
}
