import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Setup lines: the app, its entitlements and Info.plist keys, rules, customers and devices.
extension ScenarioParser {
  /// The `LifecycleRules` fields by their scenario names.
  static let ruleFields: [(keyword: String, summary: String)] = [
    ("environment", "only the id environment"), ("creation", "what starts the first periods"),
    ("services-renewal", "what starts a new SERVICES period"), ("lifetime", "a type's period length"),
    ("refresh", "same or refreshed tokens"), ("os-gating", "OS version checks"),
    ("eligibility", "entitlement, region and payment checks"), ("type-regions", "token types by storefront"),
    ("creation-needs-eligibility", "qualifying events start periods only where eligible"),
    ("sheet-and-link-payments", "the notice sheet and link-out need payments"),
    ("string-form", "token(for: String) still answers from 27.2"),
    ("typed-token-type", "the tokenType of a typed request's token"),
  ]

  func ruleSetting(_ field: String, _ reader: inout LineReader) throws(LineError) -> RuleSetting {
    switch field {
    case "environment": return .environment(try environmentName(&reader))
    case "creation":
      return .creation(PeriodCreation(rawValue: try reader.keyword(PeriodCreation.allCases.map(\.rawValue)))!)
    case "services-renewal":
      return .servicesRenewal(
        ServicesRenewal(rawValue: try reader.keyword(ServicesRenewal.allCases.map(\.rawValue)))!)
    case "lifetime":
      let type: CustomLinkTokenType? = reader.accept("all") ? nil : try lifetimeType(&reader)
      let column = reader.current?.column ?? reader.endColumn
      let duration = try reader.duration()
      guard duration > 0 else {
        throw LineError(column: column, expected: "a duration longer than 0ms", found: "0ms")
      }
      return .lifetime(type, duration)
    case "refresh": return .refresh(try refreshPolicy(&reader))
    case "os-gating": return .osGating(try reader.onOff())
    case "eligibility": return .eligibilityChecks(try reader.onOff())
    case "creation-needs-eligibility": return .creationNeedsEligibility(try reader.onOff())
    case "sheet-and-link-payments": return .sheetAndLinkNeedPayments(try reader.onOff())
    case "string-form": return .stringFormAnswers(try reader.onOff())
    case "typed-token-type": return try typedTokenType(&reader)
    default:
      // `type-regions on|off`, or `type-regions brazil on|off` for Brazil alone.
      let word = try reader.keyword(["on", "off", "brazil"])
      return word == "brazil" ? .perTransactionInBrazil(try reader.onOff()) : .typeRegionGating(word == "on")
    }
  }

  /// `typed-token-type withinApp|outOfApp IN_APP|LINK_OUT`.
  private func typedTokenType(_ reader: inout LineReader) throws(LineError) -> RuleSetting {
    let request = try reader.typedRequest()
    let names = TypedTokenTypes.allowed.map(\.rawValue)
    guard let word = reader.current, let type = CustomLinkTokenType(rawValue: word.text.uppercased()),
      TypedTokenTypes.allowed.contains(type)
    else {
      throw reader.error(
        expected: "the token type a typed request carries (" + Phrase.choices(names, quoted: false) + ")",
        candidates: names)
    }
    reader.position += 1
    return .typedTokenType(request, type)
  }

  private func lifetimeType(_ reader: inout LineReader) throws(LineError) -> CustomLinkTokenType {
    guard let word = reader.current, CustomLinkTokenType(rawValue: word.text.uppercased()) != nil else {
      let names = ["all"] + CustomLinkTokenType.allCases.map(\.rawValue)
      throw reader.error(expected: "'all' or a token type", candidates: names)
    }
    return try reader.tokenType()
  }

  private func refreshPolicy(_ reader: inout LineReader) throws(LineError) -> RefreshPolicy {
    switch try reader.keyword(["never", "always", "every", "probability"]) {
    case "never": return .never
    case "always": return .always
    case "every":
      return .everyNth(try reader.limited(StepLimits.refreshInterval))
    default:
      guard let word = reader.current, let value = Double(word.text), (0...1).contains(value) else {
        throw reader.error(expected: "a probability from 0 to 1 such as 0.25")
      }
      reader.position += 1
      return .probability(value)
    }
  }

  func appLine(_ reader: inout LineReader) throws(LineError) -> AppLine {
    guard let bundle = reader.current, Self.isBundleId(bundle.text) else {
      throw reader.error(expected: "a bundle id such as com.example.app")
    }
    reader.position += 1
    var app = AppLine(bundleId: bundle.text)
    let options = ["id", "version", "custom-link-regions"]
    var seen: Set<String> = []
    while !reader.isAtEnd {
      let remaining = options.filter { !seen.contains($0) }
      let option = try reader.keyword(remaining, expected: Phrase.choices(remaining) + " or end of line")
      seen.insert(option)
      switch option {
      case "id":
        app.appAppleId = try reader.integer("the app's Apple ID, a positive whole number", in: 1...Int64.max)
      case "version": app.version = try versionText(&reader)
      default:
        app.customLinkRegions = try reader.countries(allowed: Regions.customLink, for: "custom-link-regions")
      }
    }
    return app
  }

  static func isBundleId(_ text: String) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
  }

  func versionText(_ reader: inout LineReader) throws(LineError) -> String {
    guard let word = reader.current, word.text.first?.isNumber == true,
      word.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else { throw reader.error(expected: "an app version such as 1.0 or 2.1.3") }
    reader.position += 1
    return word.text
  }

  func entitlement(_ reader: inout LineReader) throws(LineError) -> EntitlementSetting {
    let names = [
      "external-purchase", "external-purchase-link", "external-purchase-link-streaming", "allowed-regions",
    ]
    switch try reader.keyword(names, expected: "an entitlement (" + Phrase.choices(names) + ")") {
    case "external-purchase": return .externalPurchase
    case "external-purchase-link": return .externalPurchaseLink
    case "external-purchase-link-streaming": return .externalPurchaseLinkStreaming
    default:
      return .allowedRegions(
        try reader.countries(
          allowed: Regions.allowedRegionsEntitlement, for: "the allowed-regions entitlement"))
    }
  }

  static let plistKeys = [
    "SKExternalPurchase", "SKExternalPurchaseLink", "SKExternalPurchaseMultiLink",
    "SKExternalPurchaseCustomLinkRegions", "SKExternalPurchaseLinkStreamingRegions",
  ]

  func plist(_ reader: inout LineReader) throws(LineError) -> PlistSetting {
    let key = try reader.keyword(
      Self.plistKeys, expected: "an Info.plist key (" + Phrase.choices(Self.plistKeys) + ")")
    switch key {
    case "SKExternalPurchase":
      return .externalPurchase(try reader.countries(allowed: Regions.noticeSheet, for: key))
    case "SKExternalPurchaseLink":
      let country = try reader.country(allowed: Regions.linkOut, for: key)
      return .link(country: country, url: try reader.destinationURL())
    case "SKExternalPurchaseMultiLink":
      let country = try reader.country(allowed: Regions.linkOut, for: key)
      var urls = [try reader.destinationURL()]
      while !reader.isAtEnd {
        guard urls.count < 5 else {
          throw reader.error(expected: "end of line", note: "at most 5 links per country")
        }
        urls.append(try reader.destinationURL())
      }
      return .multiLink(country: country, urls: urls)
    case "SKExternalPurchaseCustomLinkRegions":
      return .customLinkRegions(try reader.countries(allowed: Regions.customLink, for: key))
    default:
      return .streamingRegions(try reader.countries(allowed: Regions.streaming, for: key))
    }
  }

  mutating func customerLine(_ reader: inout LineReader, line: Int) throws(LineError) -> StatementKind {
    let name = try newCustomerName(&reader)
    let canPay = !reader.accept("cannot-pay")
    customers[name] = line
    return .command(.customer(id: name, canMakePayments: canPay))
  }

  private func newCustomerName(_ reader: inout LineReader) throws(LineError) -> String {
    let start = reader.position
    let word = try reader.handle("customer")
    if word.text == "all" {
      reader.position = start
      throw reader.error(expected: "a customer name other than 'all'", note: "'for all' means every customer")
    }
    if let earlier = customers[word.text] {
      reader.position = start
      throw reader.error(expected: "a new customer name", note: Self.declaredNote(earlier))
    }
    return word.text
  }

  static func declaredNote(_ line: Int) -> String {
    line == 0 ? "the demo world has it already" : "already declared on line \(line)"
  }

  mutating func deviceLine(_ reader: inout LineReader, line: Int) throws(LineError) -> DeviceLine {
    let start = reader.position
    let name = try reader.handle("device")
    if let earlier = devices[name.text] {
      reader.position = start
      throw reader.error(expected: "a new device name", note: Self.declaredNote(earlier.line))
    }
    let platforms = Platform.allCases.map(\.rawValue)
    guard let platformWord = reader.current, let platform = Platform(name: platformWord.text) else {
      throw reader.error(
        expected: "a platform (" + Phrase.choices(platforms, quoted: false) + ")", candidates: platforms)
    }
    reader.position += 1
    guard let versionWord = reader.current, let version = OSVersion(versionWord.text) else {
      throw reader.error(expected: "an OS version such as 18.2 or 26.4")
    }
    reader.position += 1
    var storefront: String?
    var customer: String?
    while let option = reader.current?.text, option == "storefront" || option == "customer" {
      if option == "storefront" ? storefront != nil : customer != nil {
        throw reader.error(expected: "each of 'storefront' and 'customer' once")
      }
      reader.position += 1
      if option == "storefront" {
        storefront = try reader.country(for: "a storefront")
      } else {
        let word = try reader.handle("customer")
        customer = word.text
      }
    }
    guard let storefront else {
      throw reader.error(expected: "'storefront' and a country code", candidates: ["storefront", "customer"])
    }
    let device = DeviceLine(
      id: name.text, platform: platform, osVersion: version, storefront: storefront, customer: customer)
    guard let owner = device.customerId else {
      throw reader.error(
        expected: "'customer' and a customer name",
        note: "the device name '\(name.text)' has no '.' to take the customer from")
    }
    if customer == nil, !LineReader.isHandle(owner) {
      throw LineError(
        column: name.column, expected: "a device name whose part before the first '.' is a customer name",
        found: name.text)
    }
    if customers[owner] == nil { customers[owner] = line }
    devices[name.text] = (owner, line)
    return device
  }
}
