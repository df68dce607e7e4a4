import ExternalPurchaseTokens

/// A token's JSON object as ordered name and raw JSON text pairs, editable into shapes the
/// encoder would never write (a field missing, a value of the wrong type, a number out of range).
struct RawPayload {
  struct Member {
    var name: String
    var json: String
  }

  var members: [Member]

  /// The token's members as declared (`fieldMembers`), as `TokenEncoder` writes them (a test
  /// checks they agree).
  init(_ token: ExternalPurchaseToken) {
    members = token.fieldMembers.map { Member(name: $0.name, json: JSONText.serialize($0.value)) }
  }

  func removing(_ name: String) -> RawPayload {
    var copy = self
    copy.members.removeAll { $0.name == name }
    return copy
  }

  /// Replaces the value of `name`; the field must exist, a crafting mistake otherwise.
  func replacing(_ name: String, with json: String) -> RawPayload {
    var copy = self
    guard let index = copy.members.firstIndex(where: { $0.name == name }) else {
      preconditionFailure("no field \(name) to replace")
    }
    copy.members[index].json = json
    return copy
  }

  func appending(_ name: String, _ json: String) -> RawPayload {
    var copy = self
    copy.members.append(Member(name: name, json: json))
    return copy
  }

  /// The raw JSON text of `name`'s value.
  func value(_ name: String) -> String {
    guard let member = members.first(where: { $0.name == name }) else {
      preconditionFailure("no field \(name)")
    }
    return member.json
  }

  /// Compact JSON, members joined with `separator` (`,` normally).
  func json(separator: String = ",", colon: String = ":") -> String {
    "{" + members.map { JSONText.quoted($0.name) + colon + $0.json }.joined(separator: separator) + "}"
  }

  /// The compact JSON as an unpadded Base64URL token.
  var token: String { Base64URL.encode(Array(json().utf8)) }
}
