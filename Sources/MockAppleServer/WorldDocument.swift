import ExternalPurchaseReports
import ExternalPurchaseTokens
import LifecycleSimulator

/// The world as the control API shows it: clock, rules, customers, devices and tokens.
struct WorldDocument: Encodable {
  var now: Int64
  var nowText: String
  var environment: String
  var bundleId: String
  var appAppleId: Int64
  var customers: [CustomerDocument]
  var devices: [DeviceDocument]
  var tokens: [TokenDocument]

  init(_ world: WorldState, ledgers: [ReportLedger]) {
    now = world.now
    nowText = ISOTime.string(world.now)
    environment = world.rules.environment.rawValue
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

struct CustomerDocument: Encodable {
  var id: String
  var canMakePayments: Bool
  var hasInstalledApp: Bool
}

struct DeviceDocument: Encodable {
  var id: String
  var customer: String
  var platform: String
  var osVersion: String
  var storefront: String
  var installedVersion: String?
}

/// One issued token with what Apple's side knows of it.
struct TokenDocument: Encodable {
  var index: Int
  var token: String
  var externalPurchaseId: String
  var environment: String
  var tokenType: String?
  var tokenCreationDate: Int64
  var tokenExpirationDate: Int64?
  var customer: String
  var device: String
  var isRefresh: Bool
  /// `withinApp` or `outOfApp` for a typed request's token (SPEC 5); absent otherwise.
  var typedRequest: String?
  var active: Bool
  /// The status Apple's side recorded for it, nil while unreported.
  var reportedStatus: String?
  var reports: [String]

  static func all(in world: WorldState, ledgers: [ReportLedger]) -> [TokenDocument] {
    world.tokens.map { issued in
      let id = issued.token.externalPurchaseId
      let ledger = ledgers.first { $0.environment == issued.token.environment }
      return TokenDocument(
        index: issued.id, token: issued.raw, externalPurchaseId: id,
        environment: issued.token.environment.rawValue,
        tokenType: issued.token.tokenType?.rawValue, tokenCreationDate: issued.token.tokenCreationDate,
        tokenExpirationDate: issued.token.tokenExpirationDate, customer: issued.customerId,
        device: issued.deviceId, isRefresh: issued.isRefresh,
        typedRequest: issued.typedRequest?.rawValue, active: issued.token.isActive(at: world.now),
        reportedStatus: ledger?.statuses[id]?.rawValue,
        reports: ledger?.reports(for: id).map(\.requestIdentifier) ?? [])
    }
  }
}

/// The answer to an applied event: what StoreKit returned, the log, and the tokens it produced.
struct EventDocument: Encodable {
  var event: String
  var now: Int64
  var result: String
  var detail: String?
  var log: [LogDocument]
  var tokens: [TokenDocument]
  /// Notifications that fell due or were retried because of this event.
  var notifications: [NotificationDelivery] = []

  init(event: WorldEvent, outcome: EventOutcome, world: WorldState, before: Int, ledgers: [ReportLedger]) {
    self.event = event.summary
    now = world.now
    (result, detail) = Self.describe(outcome.result)
    log = outcome.log.map { LogDocument(time: $0.time, kind: $0.kind.rawValue, message: $0.message) }
    tokens = Array(TokenDocument.all(in: world, ledgers: ledgers).dropFirst(before))
    if case .token(.token(let index, _)) = outcome.result, index < before {
      tokens = [TokenDocument.all(in: world, ledgers: ledgers)[index]]
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

struct LogDocument: Encodable {
  var time: Int64
  var kind: String
  var message: String
}
