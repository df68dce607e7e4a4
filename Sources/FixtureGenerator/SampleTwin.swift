import ExternalPurchaseTokens

/// The `.json` twin of a sample token: its decoded fields, pretty-printed in Apple's order, then
/// the environment (read from the id prefix) and the kind (custom link or plain).
enum SampleTwin {
  static func json(for token: ExternalPurchaseToken) -> String {
    var members: [(String, String)] = [
      ("appAppleId", String(token.appAppleId)),
      ("bundleId", JSONText.quoted(token.bundleId)),
      ("tokenCreationDate", String(token.tokenCreationDate)),
      ("externalPurchaseId", JSONText.quoted(token.externalPurchaseId)),
    ]
    if let type = token.tokenType { members.append(("tokenType", JSONText.quoted(type.rawValue))) }
    if let expiration = token.tokenExpirationDate {
      members.append(("tokenExpirationDate", String(expiration)))
    }
    for extra in token.extraFields { members.append((extra.name, JSONText.serialize(extra.value))) }
    members.append(("environment", JSONText.quoted(token.environment.rawValue)))
    members.append(("kind", JSONText.quoted(token.kind.rawValue)))
    let lines = members.map { "  \(JSONText.quoted($0.0)): \($0.1)" }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}
