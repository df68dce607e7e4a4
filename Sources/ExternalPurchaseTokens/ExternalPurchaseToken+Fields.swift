/// The token's members as every writer of decoded fields shows them, built from `TokenField`.
extension ExternalPurchaseToken {
  /// The token's JSON members in order: each declared field it has, then its extra fields as read.
  /// Compact, this is exactly the JSON inside the canonical token (a test holds the encoder to it).
  public var fieldMembers: [JSONMember] {
    var members: [JSONMember] = []
    members.reserveCapacity(TokenField.allCases.count + extraFields.count)
    for field in TokenField.allCases {
      if let value = field.value(in: self) { members.append(JSONMember(name: field.name, value: value.json)) }
    }
    members.append(contentsOf: extraFields)
    return members
  }

  /// `fieldMembers`, then what the id and the fields imply (`DerivedTokenField`: `environment`
  /// and `kind`). This is a decoded token as `epsim decode --json` and the sample twins show it;
  /// an extra field is shown under `DerivedTokenField.shownName(ofExtra:)`, so no name appears twice.
  public var shownMembers: [JSONMember] {
    var members = fieldMembers
    for index in (members.count - extraFields.count)..<members.count {
      members[index].name = DerivedTokenField.shownName(ofExtra: members[index].name)
    }
    for derived in DerivedTokenField.allCases {
      members.append(JSONMember(name: derived.name, value: .string(derived.value(in: self))))
    }
    return members
  }
}

/// What a decoded token shows after its fields: values the fields imply, not stored in the token.
public enum DerivedTokenField: CaseIterable, Sendable {
  /// Production or sandbox, read from the id's prefix (SPEC 2).
  case environment
  /// Custom link or plain, read from the type and the expiry.
  case kind

  /// The name as a literal, for byte writers.
  public var staticName: StaticString {
    switch self {
    case .environment: return "environment"
    case .kind: return "kind"
    }
  }

  public var name: String { staticName.description }

  /// `,"name":` as one literal, as `TokenField.compactOpening`.
  public var compactOpening: StaticString {
    switch self {
    case .environment: return #","environment":"#
    case .kind: return #","kind":"#
    }
  }

  /// The value, always a string.
  public func value(in token: ExternalPurchaseToken) -> String {
    switch self {
    case .environment: return token.environment.rawValue
    case .kind: return token.kind.rawValue
    }
  }

  /// The name an extra field is shown under: its own, or `extra.<name>` when a derived value has it.
  public static func shownName(ofExtra name: String) -> String {
    allCases.contains { $0.name == name } ? "extra." + name : name
  }
}
