import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// A resolved step as JSON, for the state a server keeps on disk (`epsim serve --state`): token
/// events and purchase steps in their own shapes, a backend's change as one of the five the App
/// Store Server API makes (Finish Transaction and consumption information since format 2). The journal's format version guards the shape
/// (docs/decisions/0145-a-durable-server-state-dir-and-clock-wall.md, "Format").
extension WorldStep: Codable {
  private enum Kind: String, Codable {
    case events, purchase, appAccountToken, extendRenewalDate, extendRenewalDates, finishTransaction
    case consumptionInformation
  }

  private enum Keys: String, CodingKey {
    case kind, events, purchase, originalTransactionId, token, days, request, transactionId, fields
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    switch self {
    case .events(let events):
      try container.encode(Kind.events, forKey: .kind)
      try container.encode(events, forKey: .events)
    case .purchase(let step):
      try container.encode(Kind.purchase, forKey: .kind)
      try container.encode(step, forKey: .purchase)
    case .backend(.setAppAccountToken(let id, let token)):
      try container.encode(Kind.appAccountToken, forKey: .kind)
      try container.encode(id, forKey: .originalTransactionId)
      try container.encode(token, forKey: .token)
    case .backend(.extendRenewalDate(let id, let days)):
      try container.encode(Kind.extendRenewalDate, forKey: .kind)
      try container.encode(id, forKey: .originalTransactionId)
      try container.encode(days, forKey: .days)
    case .backend(.extendRenewalDates(let request)):
      try container.encode(Kind.extendRenewalDates, forKey: .kind)
      try container.encode(request, forKey: .request)
    case .backend(.finishTransaction(let id)):
      try container.encode(Kind.finishTransaction, forKey: .kind)
      try container.encode(id, forKey: .transactionId)
    case .backend(.sendConsumptionInformation(let id, let fields)):
      try container.encode(Kind.consumptionInformation, forKey: .kind)
      try container.encode(id, forKey: .transactionId)
      try container.encode(fields, forKey: .fields)
    case .backend(let other):
      // Only the App Store Server API makes backend steps, and it makes only the five above.
      throw EncodingError.invalidValue(
        other, .init(codingPath: encoder.codingPath, debugDescription: "not a change a backend makes"))
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    switch try container.decode(Kind.self, forKey: .kind) {
    case .events: self = .events(try container.decode([WorldEvent].self, forKey: .events))
    case .purchase: self = .purchase(try container.decode(CommerceStep.self, forKey: .purchase))
    case .appAccountToken:
      self = .backend(
        .setAppAccountToken(
          originalTransactionId: try container.decode(String.self, forKey: .originalTransactionId),
          token: try container.decode(String.self, forKey: .token)))
    case .extendRenewalDate:
      self = .backend(
        .extendRenewalDate(
          originalTransactionId: try container.decode(String.self, forKey: .originalTransactionId),
          days: try container.decode(Int.self, forKey: .days)))
    case .extendRenewalDates:
      self = .backend(.extendRenewalDates(try container.decode(MassExtensionRequest.self, forKey: .request)))
    case .finishTransaction:
      self = .backend(
        .finishTransaction(transactionId: try container.decode(String.self, forKey: .transactionId)))
    case .consumptionInformation:
      self = .backend(
        .sendConsumptionInformation(
          transactionId: try container.decode(String.self, forKey: .transactionId),
          fields: try container.decode([String: String].self, forKey: .fields)))
    }
  }
}
