import ExternalPurchaseTokens

/// The `.json` twin of a sample token: its members as declared (`shownMembers`: the decoded
/// fields in Apple's order, then the environment, read from the id prefix, and the kind),
/// pretty-printed one a line.
enum SampleTwin {
  static func json(for token: ExternalPurchaseToken) -> String {
    let lines = token.shownMembers.map { "  \(JSONText.quoted($0.name)): \(JSONText.serialize($0.value))" }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}
