import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Steps: app lifecycle, StoreKit calls, world changes and clock moves.
extension ScenarioParser {
  mutating func step(_ keyword: String, _ reader: inout LineReader) throws(LineError) -> WorldCommand {
    switch keyword {
    case "install": return .install(device: try knownDevice(&reader))
    case "update":
      let device = try knownDevice(&reader)
      return .update(device: device, version: reader.accept("to") ? try versionText(&reader) : nil)
    case "redownload": return .redownload(device: try knownDevice(&reader))
    case "uninstall": return .uninstall(device: try knownDevice(&reader))
    case "request":
      if let word = reader.current, TypedTokenRequest(name: word.text) != nil {
        let request = try reader.typedRequest()
        _ = try reader.keyword(["on"])
        return .requestTyped(request, device: try knownDevice(&reader))
      }
      guard let word = reader.current, CustomLinkTokenType(rawValue: word.text.uppercased()) != nil else {
        let types = CustomLinkTokenType.allCases.map(\.rawValue)
        let typed = TypedTokenRequest.allCases.map(\.rawValue)
        throw reader.error(
          expected: "a token type (" + Phrase.choices(types, quoted: false) + ") or a typed request ("
            + Phrase.choices(typed, quoted: false) + ")", candidates: types + typed)
      }
      let type = try reader.tokenType()
      _ = try reader.keyword(["on"])
      return .request(type: type, device: try knownDevice(&reader))
    case "check-eligibility":
      _ = try reader.keyword(["on"])
      return .checkEligibility(device: try knownDevice(&reader))
    case "notice-sheet":
      _ = try reader.keyword(["on"])
      return .noticeSheet(device: try knownDevice(&reader))
    case "link-out":
      _ = try reader.keyword(["on"])
      let device = try knownDevice(&reader)
      return .linkOut(device: device, url: reader.accept("url") ? try reader.destinationURL() : nil)
    case "force-refresh": return .forceRefresh
    case "storefront":
      let device = try knownDevice(&reader)
      return .setStorefront(device: device, storefront: try reader.country(for: "a storefront"))
    case "os":
      let device = try knownDevice(&reader)
      guard let word = reader.current, let version = OSVersion(word.text) else {
        throw reader.error(expected: "an OS version such as 18.2 or 26.4")
      }
      reader.position += 1
      return .setOS(device: device, version: version)
    case "payments":
      let customer = try knownCustomer(&reader)
      return .setPayments(customer: customer, allowed: try reader.onOff())
    default:
      return .advance(try clockMove(&reader))
    }
  }

  /// `advance DURATION`, `advance to TIME`, `advance to next expiry ...`, `advance to expiry of ...`.
  mutating func clockMove(_ reader: inout LineReader) throws(LineError) -> ClockMove {
    guard reader.accept("to") else {
      guard reader.current != nil else {
        throw reader.error(expected: "a duration such as 1h, or 'to'")
      }
      return .by(try reader.duration())
    }
    if reader.accept("next") {
      switch try reader.keyword(["expiry", "moment", "renewal", "retry"]) {
      case "expiry": return .nextExpiry(offset: try offset(&reader))
      case "moment": return .nextMoment(offset: try offset(&reader))
      case "renewal": return try commerceMove(.renewal, &reader)
      default: return try commerceMove(.retry, &reader)
      }
    }
    if reader.accept("grace") {
      _ = try reader.keyword(["end"])
      return try commerceMove(.graceEnd, &reader)
    }
    if reader.accept("expiry") {
      _ = try reader.keyword(["of"])
      let type = try reader.tokenType()
      var customer: String?
      if reader.accept("of") {
        customer = try knownCustomer(&reader)
      } else if lastCustomer == nil, !customerUnknown {
        throw reader.error(
          expected: "'of' and a customer name",
          note: "no step has used a device yet, so there is no default customer")
      }
      return .expiryOf(type: type, customer: customer, offset: try offset(&reader))
    }
    guard let word = reader.current, ISOTime.parse(word.text) != nil || Int64(word.text) != nil else {
      throw reader.error(
        expected: "a UTC time such as 2026-03-01T09:00:00Z, 'next expiry', 'expiry of TYPE', "
          + "'next renewal', 'next retry' or 'grace end'",
        note: reader.current.flatMap { ISOTime.problem($0.text) }, candidates: ["next", "expiry", "grace"])
    }
    return .to(try reader.time())
  }

  /// A commerce clock target: `[of CUSTOMER] [minus|plus D]`; without `of`, any customer's.
  private func commerceMove(_ kind: CommerceDueKind, _ reader: inout LineReader) throws(LineError)
    -> ClockMove
  {
    let customer = reader.accept("of") ? try knownCustomer(&reader) : nil
    return .commerce(kind, customer: customer, offset: try offset(&reader))
  }

  /// An optional `minus D` or `plus D` after an expiry.
  private func offset(_ reader: inout LineReader) throws(LineError) -> VirtualDuration {
    if reader.accept("minus") { return -(try reader.duration()) }
    if reader.accept("plus") { return try reader.duration() }
    return 0
  }

  /// A device declared earlier (or by the demo world).
  func knownDevice(_ reader: inout LineReader) throws(LineError) -> String {
    try known(&reader, among: devices.keys, what: "device", howToDeclare: "a 'device' line")
  }

  /// A customer declared earlier, implicitly by a device, or by the demo world.
  func knownCustomer(_ reader: inout LineReader) throws(LineError) -> String {
    try known(
      &reader, among: customers.keys, what: "customer", howToDeclare: "a 'customer' or 'device' line")
  }

  /// The current word when it is one of `names` (any collection with a fast `contains`: the
  /// parser's dictionaries' keys are passed as they are, not copied into a set per line).
  func known(
    _ reader: inout LineReader, among names: some Collection<String>, what: String, howToDeclare: String
  )
    throws(LineError) -> String
  {
    guard let word = reader.current, names.contains(word.text) else {
      let known = names.sorted()
      throw reader.error(
        expected: known.isEmpty
          ? "a \(what) (declare one with \(howToDeclare) first)"
          : "a known \(what) (\(known.joined(separator: ", ")))",
        candidates: known)
    }
    reader.position += 1
    return word.text
  }
}
