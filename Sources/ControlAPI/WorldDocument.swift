import AppleNotifications
import ExternalPurchaseReports
import ExternalPurchaseTokens
import LifecycleSimulator

/// The world as the control API shows it: clock, rules, customers, devices and tokens.
package struct WorldDocument: Encodable {
  package var now: Int64
  package var nowText: String
  package var environment: TokenEnvironment
  package var bundleId: String
  package var appAppleId: Int64
  package var customers: [CustomerDocument]
  package var devices: [DeviceDocument]
  package var tokens: [TokenDocument]

  package init(_ world: WorldState, ledgers: [ReportLedger]) {
    now = world.now
    nowText = ISOTime.string(world.now)
    environment = world.rules.environment
    bundleId = world.app.bundleId
    appAppleId = world.app.appAppleId
    customers = world.customers.map {
      CustomerDocument(id: $0.id, canMakePayments: $0.canMakePayments, hasInstalledApp: $0.hasInstalledApp)
    }
    devices = world.devices.map {
      DeviceDocument(
        id: $0.id, customer: $0.customerId, platform: $0.platform.rawValue,
        osVersion: $0.osVersion.description,
        storefront: $0.storefront, installedVersion: $0.installedVersion)
    }
    tokens = TokenDocument.all(in: world, ledgers: ledgers)
  }
}

package struct CustomerDocument: Encodable {
  package var id: String
  package var canMakePayments: Bool
  package var hasInstalledApp: Bool
}

package struct DeviceDocument: Encodable {
  package var id: String
  package var customer: String
  package var platform: String
  package var osVersion: String
  package var storefront: String
  package var installedVersion: String?
}

/// One issued token with what Apple's side knows of it: the record around the token, with the
/// token's declared fields (`TokenField`) flattened in beside it.
package struct TokenDocument: Encodable {
  package var index: Int
  package var token: String
  package var environment: TokenEnvironment
  /// The token's fields that it has, from the one declaration, less the app's own two
  /// (`appFields`): the world document names the app once, at its top.
  package var fields: [(TokenField, TokenFieldValue)]
  package var customer: String
  package var device: String
  package var isRefresh: Bool
  /// `withinApp` or `outOfApp` for a typed request's token (SPEC 5); absent otherwise.
  package var typedRequest: String?
  package var active: Bool
  /// The status Apple's side recorded for it, nil while unreported.
  package var reportedStatus: String?
  package var reports: [String]

  /// The fields every token of a world shares with its app, left out of each token's document.
  static let appFields: Set<TokenField> = [.appAppleId, .bundleId]

  package static func all(in world: WorldState, ledgers: [ReportLedger]) -> [TokenDocument] {
    documents(of: world.tokens.indices, in: world, ledgers: ledgers)
  }

  /// The documents of the tokens at `indexes` only: an event's answer names the tokens it made,
  /// and building every token's document for it would cost a large world on every request.
  package static func documents(
    of indexes: some Sequence<Int>, in world: WorldState, ledgers: [ReportLedger]
  ) -> [TokenDocument] {
    indexes.map { world.tokens[$0] }.map { issued in
      let id = issued.token.externalPurchaseId
      let ledger = ledgers.first { $0.environment == issued.token.environment }
      let fields = TokenField.allCases.filter { !appFields.contains($0) }.compactMap { field in
        field.value(in: issued.token).map { (field, $0) }
      }
      return TokenDocument(
        index: issued.id, token: issued.raw, environment: issued.token.environment, fields: fields,
        customer: issued.customerId, device: issued.deviceId, isRefresh: issued.isRefresh,
        typedRequest: issued.typedRequest?.rawValue, active: issued.token.isActive(at: world.now),
        reportedStatus: ledger?.statuses[id]?.rawValue,
        reports: ledger?.reports(for: id).map(\.requestIdentifier) ?? [])
    }
  }

  private enum CodingKeys: String, CodingKey {
    case index, token, environment, customer, device, isRefresh, typedRequest, active, reportedStatus, reports
  }

  /// A declared field's name as a key.
  private struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(index, forKey: .index)
    try container.encode(token, forKey: .token)
    try container.encode(environment, forKey: .environment)
    try container.encode(customer, forKey: .customer)
    try container.encode(device, forKey: .device)
    try container.encode(isRefresh, forKey: .isRefresh)
    try container.encodeIfPresent(typedRequest, forKey: .typedRequest)
    try container.encode(active, forKey: .active)
    try container.encodeIfPresent(reportedStatus, forKey: .reportedStatus)
    try container.encode(reports, forKey: .reports)
    // The encoder sorts keys, so the fields' place among the others does not show.
    var fieldContainer = encoder.container(keyedBy: FieldKey.self)
    for (field, value) in fields {
      try fieldContainer.encode(value, forKey: FieldKey(stringValue: field.name))
    }
  }
}

/// The answer to an applied event: what StoreKit returned, the log, and the tokens it produced.
package struct EventDocument: Encodable {
  package var event: String
  package var now: Int64
  package var result: String
  package var detail: String?
  package var log: [LogDocument]
  package var tokens: [TokenDocument]
  /// Notifications that fell due or were retried because of this event.
  package var notifications: [NotificationDelivery] = []

  package init(
    event: WorldEvent, outcome: EventOutcome, world: WorldState, before: Int, ledgers: [ReportLedger]
  ) {
    self.event = event.summary
    now = world.now
    (result, detail) = Self.describe(outcome.result)
    log = outcome.log.map { LogDocument(time: $0.time, kind: $0.kind.rawValue, message: $0.message) }
    if case .token(.token(let index, _)) = outcome.result, index < before {
      tokens = TokenDocument.documents(of: [index], in: world, ledgers: ledgers)
    } else {
      tokens = TokenDocument.documents(
        of: min(before, world.tokens.count)..<world.tokens.count, in: world, ledgers: ledgers)
    }
  }

  private static func describe(_ result: EventResult) -> (String, String?) {
    switch result {
    case .lifecycle(let started): return ("lifecycle", "started \(started.count) period(s)")
    case .token(.token(_, let disposition)): return ("token", disposition.rawValue)
    case .token(.noToken(let reason)): return ("noToken", reason)
    case .token(.notEligible(let reason)): return ("notEligible", "\(reason)")
    case .eligibility(.eligible): return ("eligible", nil)
    case .eligibility(.notEligible(let reason)): return ("notEligible", "\(reason)")
    case .legacy(.token): return ("token", nil)
    case .legacy(.unavailable(let reason)): return ("unavailable", "\(reason)")
    case .clock(let from, let to, let expired):
      return ("clock", "\(ISOTime.string(from)) to \(ISOTime.string(to)), \(expired.count) period(s) expired")
    case .changed: return ("changed", nil)
    }
  }
}

package struct LogDocument: Encodable {
  package var time: Int64
  package var kind: String
  package var message: String
}
