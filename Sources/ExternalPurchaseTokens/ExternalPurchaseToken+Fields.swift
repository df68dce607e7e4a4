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

  /// `fieldMembers`, then what the id and the fields imply: `environment` and `kind`. This is a
  /// decoded token as `epsim decode --json` and the sample twins show it. An extra field that is
  /// itself called `environment` or `kind` is shown as `extra.environment` / `extra.kind`, so no
  /// name appears twice.
  public var shownMembers: [JSONMember] {
    var members = fieldMembers
    for index in (members.count - extraFields.count)..<members.count
    where members[index].name == Self.environmentName || members[index].name == Self.kindName {
      members[index].name = "extra." + members[index].name
    }
    members.append(JSONMember(name: Self.environmentName, value: .string(environment.rawValue)))
    members.append(JSONMember(name: Self.kindName, value: .string(kind.rawValue)))
    return members
  }

  /// The names of the two derived values `shownMembers` adds after the fields.
  public static let environmentName = "environment"
  public static let kindName = "kind"
}
