import LifecycleSimulator

/// A command as the control API's JSON carries it: `{"type": "install", "device": "alice.iphone"}`.
/// Every member but `type` is optional on the wire; `WorldCommand(fields:)` says which one a type
/// needs and which value is wrong. Members a command does not use are left out when encoding.
public struct CommandFields: Codable, Hashable, Sendable {
  public var type: String
  public var device: String?
  public var customer: String?
  public var version: String?
  public var tokenType: String?
  /// `requestTypedToken` and the `typedTokenType` rule: `withinApp` or `outOfApp` (SPEC 5).
  public var request: String?
  public var url: String?
  /// `advanceClock`: an absolute time (UNIX ms or ISO 8601 UTC) ...
  public var to: CommandTime?
  /// ... or a span in ms from now ...
  public var by: Int64?
  /// ... or the next moment of a kind (`expiry`, `renewal`, `retry`, `graceEnd`) ...
  public var toNext: String?
  /// ... or the expiry of a customer's latest period of a token type ...
  public var toExpiryOf: String?
  /// ... either of the last two `offset` ms from it (-1 before, 1 after).
  public var offset: Int64?
  public var id: String?
  public var platform: String?
  public var osVersion: String?
  public var storefront: String?
  public var allowed: Bool?
  public var canMakePayments: Bool?
  public var environment: String?
  /// `setRule`: which rule (`creation`, `lifetime`, `refresh`, `osGating`, ...).
  public var rule: String?
  /// `setRule`: the value of a rule with named values (`creation`, `servicesRenewal`, `refresh`).
  public var value: String?
  /// `setRule` `lifetime`: milliseconds.
  public var duration: Int64?
  /// `setRule` `refresh` `every`: a refreshed token every N requests.
  public var every: Int?
  /// `setRule` `refresh` `probability`: the chance per request.
  public var probability: Double?
  public var product: String?
  public var quantity: Int?
  public var offer: String?
  public var appAccountToken: String?
  /// `buy`: what a signed `introductoryOfferEligibility` option claims; absent leaves it to the
  /// App Store's rule (SPEC-APPSTORE-2026 3).
  public var allowIntroductoryOffer: Bool?
  /// `buy`, on the control API only: the compact JWS itself, as the app would pass it to StoreKit.
  /// The control route verifies it and keeps its claim as `allowIntroductoryOffer`.
  public var introductoryOfferEligibility: String?
  public var group: String?
  /// `autoRenew`, and the on/off rules.
  public var enabled: Bool?
  public var fails: Bool?
  /// `refund`: `other` (default) or `app-issue`.
  public var reason: String?
  /// `refund`: the share refunded, above 0 and at most 100 (default 100); below 100 it is prorated.
  public var percent: Double?
  public var family: String?
  /// `setPrice`: the new price in milliunits (4990 for 4.99).
  public var price: Int64?
  public var needsConsent: Bool?
  /// `sale`: whether the product is for sale.
  public var forSale: Bool?

  public init(type: String) {
    self.type = type
  }
}

/// A time in control JSON: UNIX milliseconds or ISO 8601 UTC text; written as milliseconds.
public struct CommandTime: Codable, Hashable, Sendable {
  public var time: VirtualTime

  public init(_ time: VirtualTime) {
    self.time = time
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let milliseconds = try? container.decode(Int64.self) {
      time = milliseconds
      return
    }
    let text = try container.decode(String.self)
    if let parsed = ISOTime.parse(text) {
      time = parsed
    } else {
      let problem = ISOTime.problem(text).map { " (\($0))" } ?? ""
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "a time is UNIX milliseconds or ISO 8601 UTC like 2026-03-01T09:00:00Z\(problem)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(time)
  }
}

/// A command in JSON that cannot be carried out as written, with the member at fault.
public struct CommandFieldError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// The member at fault (`device`, `quantity`), when one is.
  public var field: String?

  public init(_ message: String, _ field: String?) {
    self.message = message
    self.field = field
  }

  public var description: String { message }
}
