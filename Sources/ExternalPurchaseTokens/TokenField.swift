/// The token's fields in Apple's order: the one declaration of a token's shape (decision 0157).
/// Every writer of decoded fields (`epsim decode`, the sample twins, scenario transcripts, the UI's
/// export, the control API's world document) goes through `value(in:)` in `allCases` order, so a
/// new field is added here and nowhere else.
public enum TokenField: Int, CaseIterable, Hashable, Sendable {
  case appAppleId
  case bundleId
  case tokenCreationDate
  case externalPurchaseId
  case tokenType
  case tokenExpirationDate

  /// The field's JSON name.
  public var name: String { staticName.description }

  /// Integer fields hold numbers; the others hold strings.
  public var holdsInteger: Bool {
    switch self {
    case .appAppleId, .tokenCreationDate, .tokenExpirationDate: return true
    case .bundleId, .externalPurchaseId, .tokenType: return false
    }
  }

  /// Fields holding UNIX milliseconds, which people read as ISO times.
  public var isDate: Bool { self == .tokenCreationDate || self == .tokenExpirationDate }

  /// The presence rule: every token has the four base fields; only custom link tokens have a type
  /// and an expiry, and a plain token leaves them out rather than writing null (SPEC 1).
  public var isOptional: Bool { self == .tokenType || self == .tokenExpirationDate }

  /// The field's value in `token`, nil when the token lacks it (an optional field of a plain token).
  public func value(in token: ExternalPurchaseToken) -> TokenFieldValue? {
    holdsInteger ? integer(in: token).map(TokenFieldValue.integer) : text(in: token).map(TokenFieldValue.text)
  }

  private func integer(in token: ExternalPurchaseToken) -> Int64? {
    switch self {
    case .appAppleId: token.appAppleId
    case .tokenCreationDate: token.tokenCreationDate
    case .tokenExpirationDate: token.tokenExpirationDate
    case .bundleId, .externalPurchaseId, .tokenType: nil
    }
  }

  private func text(in token: ExternalPurchaseToken) -> String? {
    switch self {
    case .bundleId: token.bundleId
    case .externalPurchaseId: token.externalPurchaseId
    case .tokenType: token.tokenType?.rawValue
    case .appAppleId, .tokenCreationDate, .tokenExpirationDate: nil
    }
  }

  /// The name as a literal, for byte writers; the names all differ in length, which makes
  /// matching cheap.
  public var staticName: StaticString {
    switch self {
    case .appAppleId: return "appAppleId"
    case .bundleId: return "bundleId"
    case .tokenCreationDate: return "tokenCreationDate"
    case .externalPurchaseId: return "externalPurchaseId"
    case .tokenType: return "tokenType"
    case .tokenExpirationDate: return "tokenExpirationDate"
    }
  }

  /// `,"name":`, the field's opening in compact JSON as one literal, for byte writers that
  /// write a member with one append (TokenFieldDeclarationTests holds it to `name`).
  public var compactOpening: StaticString {
    switch self {
    case .appAppleId: return #","appAppleId":"#
    case .bundleId: return #","bundleId":"#
    case .tokenCreationDate: return #","tokenCreationDate":"#
    case .externalPurchaseId: return #","externalPurchaseId":"#
    case .tokenType: return #","tokenType":"#
    case .tokenExpirationDate: return #","tokenExpirationDate":"#
    }
  }

  /// The field whose name is exactly `bytes`, without making a string.
  init?(nameBytes bytes: UnsafeBufferPointer<UInt8>) {
    let candidate: TokenField
    switch bytes.count {
    case 10: candidate = .appAppleId
    case 8: candidate = .bundleId
    case 17: candidate = .tokenCreationDate
    case 18: candidate = .externalPurchaseId
    case 9: candidate = .tokenType
    case 19: candidate = .tokenExpirationDate
    default: return nil
    }
    guard bytes.equals(candidate.staticName) else { return nil }
    self = candidate
  }

  /// The field called `name`, nil for any other name.
  public init?(name: String) {
    guard let field = TokenField.allCases.first(where: { $0.name == name }) else { return nil }
    self = field
  }
}

/// The value of one declared token field: a number or a string.
public enum TokenFieldValue: Hashable, Sendable, Encodable {
  case integer(Int64)
  case text(String)

  /// A number or a string, as the token's JSON has it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .integer(let number): try container.encode(number)
    case .text(let text): try container.encode(text)
    }
  }

  /// The value as JSON, written as the token's JSON writes it.
  public var json: JSONValue {
    switch self {
    case .integer(let number): return .number(String(number))
    case .text(let text): return .string(text)
    }
  }
}
