import ExternalPurchaseTokens

/// `token(for:)` and `isEligible`: which token a request returns, if any (SPEC 4, 5, 10).
extension WorldState {
  mutating func checkEligibility(deviceId: String, log: inout EventLog) throws(SimulationError)
    -> EligibilityVerdict
  {
    let device = try deviceRunningApp(deviceId)
    if let reason = customLinkIneligibility(on: device) {
      log.add(.refusal, "isEligible is false: \(reason)")
      return .notEligible(reason)
    }
    log.add(.info, "isEligible is true")
    return .eligible
  }

  mutating func requestToken(deviceId: String, type: CustomLinkTokenType, log: inout EventLog)
    throws(SimulationError) -> TokenRequestResult
  {
    let index = try indexOfDeviceRunningApp(deviceId)
    // The noted answer says yes exactly when `customLinkIneligibility` would be nil
    // (EngineLookupTests); only a refusal needs the rules asked again, for its reason.
    // The device is read field by field, not copied: a copy retained its four strings (issue 26).
    let offered = customLinkTypesOffered(deviceAt: index).offers(type)
    if !offered || stringFormEnded(on: devices[index].platform, at: devices[index].osVersion) {
      let device = devices[index]
      if let reason = stringFormIneligibility(on: device, type: type)
        ?? (offered ? nil : customLinkIneligibility(on: device, type: type))
      {
        log.add(.refusal, "token(for: \(type.rawValue)) throws: \(reason)")
        return .notEligible(reason)
      }
    }
    let customerId = devices[index].customerId
    switch type {
    case .inApp, .linkOut:
      return newPerTransactionToken(type: type, customerId: customerId, deviceId: deviceId, log: &log)
    case .acquisition, .services:
      if let active = activePeriodIndex(of: customerId, type: type) {
        return answerFromPeriod(active, customerId: customerId, deviceId: deviceId, log: &log)
      }
      if let reason = reasonNoPeriodStarts(customerId: customerId, type: type) {
        log.add(.refusal, "token(for: \(type.rawValue)) returns nil: \(reason)")
        return .noToken(reason: reason)
      }
      let periodId = startPeriod(type: type, customerId: customerId, deviceId: deviceId, log: &log)
      periods[periodId].requestCount = 1
      return .token(index: periods[periodId].tokenIndexes[0], disposition: .newPeriod)
    }
  }

  /// A new token before every potential transaction (SPEC 5, 10): each one its own period.
  mutating func newPerTransactionToken(
    type: CustomLinkTokenType, customerId: String, deviceId: String, log: inout EventLog
  ) -> TokenRequestResult {
    let periodId = startPeriod(type: type, customerId: customerId, deviceId: deviceId, log: &log)
    periods[periodId].requestCount = 1
    return .token(index: periods[periodId].tokenIndexes[0], disposition: .newPeriod)
  }

  /// Same token or refreshed token, by policy, for a request inside an active period.
  private mutating func answerFromPeriod(
    _ periodId: Int, customerId: String, deviceId: String, log: inout EventLog
  ) -> TokenRequestResult {
    periods[periodId].requestCount += 1
    let count = periods[periodId].requestCount
    if shouldRefresh(requestNumber: count) {
      refreshNextRequest = false
      let index = mintToken(
        customerId: customerId, deviceId: deviceId, source: .customLink(periodId: periodId), isRefresh: true,
        log: &log)
      return .token(index: index, disposition: .refreshed)
    }
    let latest = periods[periodId].tokenIndexes.last!
    log.add(
      .token, "same \(periods[periodId].type.rawValue) token \(tokens[latest].token.externalPurchaseId)")
    return .token(index: latest, disposition: count == 1 ? .firstOfPeriod : .same)
  }

  private mutating func shouldRefresh(requestNumber: Int) -> Bool {
    if refreshNextRequest { return true }
    switch rules.refreshPolicy {
    case .never: return false
    case .always: return true
    case .everyNth(let n): return n > 0 && requestNumber % n == 0
    case .probability(let p): return generator.unitInterval() < p
    }
  }

  /// Nil when a request may start a new period now; otherwise why `token(for:)` returns nil.
  private func reasonNoPeriodStarts(customerId: String, type: CustomLinkTokenType) -> String? {
    if let reason = Self.noRegionKeysReason(app) { return reason }
    let last = latestPeriod(of: customerId, type: type)
    if type == .acquisition {
      if let last {
        return "ACQUISITION has one active period ever; it expired at \(ISOTime.string(last.expirationDate))"
      }
      return rules.creation == .onFirstRequest
        ? nil : "no ACQUISITION period: only the customer's first install of the app creates one"
    }
    // The same split as for qualifying events: `creation` for the first, `servicesRenewal` after.
    guard servicesStartOnEvents(customerId: customerId) else { return nil }
    if let last {
      return "SERVICES period \(last.ordinal) expired at \(ISOTime.string(last.expirationDate)); "
        + "a new one starts only on an update or redownload"
    }
    return "no SERVICES period: it starts on the first install, an update or a redownload"
  }
}
