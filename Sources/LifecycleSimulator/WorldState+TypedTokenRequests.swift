import ExternalPurchaseTokens

/// The typed `token(for: TokenType)` of 27.2 and the end of the String form's range (SPEC 5).
extension WorldState {
  /// `token(for: .withinApp)` or `token(for: .outOfApp)`: like the String form's IN_APP and
  /// LINK_OUT, a new token on every request, of the type `typedTokenTypes` names.
  mutating func requestTypedToken(deviceId: String, request: TypedTokenRequest, log: inout EventLog)
    throws(SimulationError) -> TokenRequestResult
  {
    let device = try deviceRunningApp(deviceId)
    let type = rules.typedTokenTypes[request]
    // The scenario language and the rules dialog offer only these; code setting the rules
    // directly could name ACQUISITION, which would start a period on every request.
    guard TypedTokenTypes.allowed.contains(type) else {
      throw SimulationError(
        "the rules give \(request.call) the tokenType \(type.rawValue); it can only be IN_APP or LINK_OUT")
    }
    if let reason = typedRequestIneligibility(on: device, request: request) {
      log.add(.refusal, "\(request.call) throws: \(reason)")
      return .notEligible(reason)
    }
    let result = newPerTransactionToken(
      type: type, customerId: device.customerId, deviceId: device.id, log: &log)
    if case .token(let index, _) = result { tokens[index].typedRequest = request }
    return result
  }

  /// Why `token(for: request)` would throw on `device`; nil when it would answer. Below 27.2
  /// the typed overload does not exist (with OS gating on); the other rules are those of the
  /// token type it asks for.
  public func typedRequestIneligibility(on device: Device, request: TypedTokenRequest) -> Ineligibility? {
    let required = device.platform.typedTokenRequestMinimum
    if rules.osGating, device.osVersion < required {
      return .osTooOld(
        platform: device.platform, version: device.osVersion, required: required, api: request.call)
    }
    return customLinkIneligibility(on: device, type: rules.typedTokenTypes[request])
  }

  /// Why the String `token(for:)` would be refused on `device` because its range ended:
  /// only with `stringFormAnswers` off and OS gating on, from 27.2.
  public func stringFormIneligibility(on device: Device, type: CustomLinkTokenType) -> Ineligibility? {
    guard stringFormEnded(on: device.platform, at: device.osVersion) else { return nil }
    return .stringFormGone(
      platform: device.platform, version: device.osVersion, since: device.platform.stringTokenRequestEnd,
      type: type)
  }

  /// Whether `stringFormIneligibility` has a reason for a device of `platform` at `version`.
  func stringFormEnded(on platform: Platform, at version: OSVersion) -> Bool {
    rules.osGating && !rules.stringFormAnswers && version >= platform.stringTokenRequestEnd
  }

  /// Whether an app on `device` would make the typed request rather than the String one: its
  /// OS has the typed overload. Generators and the terminal UI follow this.
  public func prefersTypedRequest(on device: Device) -> Bool {
    device.osVersion >= device.platform.typedTokenRequestMinimum
  }
}
