import ExternalPurchaseTokens
import LifecycleSimulator

/// The JSON document "export all tokens" writes: the world's environment and clock, then every
/// token with its decoded fields and where it came from. Field order is fixed, so exports diff well.
public enum TokenExport {
  public static func json(of world: WorldState) -> String {
    var text = "{\n"
    text += "  \"environment\": \(JSONText.quoted(world.rules.environment.rawValue)),\n"
    text += "  \"clock\": \(world.now),\n"
    text += "  \"clockISO\": \(JSONText.quoted(ISOTime.string(world.now))),\n"
    text += "  \"bundleId\": \(JSONText.quoted(world.app.bundleId)),\n"
    text += "  \"seed\": \(world.seed),\n"
    text += "  \"tokens\": ["
    for (position, issued) in world.tokens.enumerated() {
      text += position == 0 ? "\n" : ",\n"
      text += "    " + tokenObject(issued, now: world.now)
    }
    text += world.tokens.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return text
  }

  /// One token as a single-line JSON object.
  static func tokenObject(_ issued: IssuedToken, now: VirtualTime) -> String {
    var members: [(String, String)] = [
      ("index", String(issued.id)),
      ("externalPurchaseId", JSONText.quoted(issued.token.externalPurchaseId)),
      ("token", JSONText.quoted(issued.raw)),
      ("decoded", JSONText.serialize(.object(issued.token.fieldMembers))),
      ("customer", JSONText.quoted(issued.customerId)),
      ("device", JSONText.quoted(issued.deviceId)),
    ]
    switch issued.source {
    case .customLink(let periodId):
      members.append(("source", JSONText.quoted("custom-link")))
      members.append(("period", String(periodId)))
    case .noticeSheet:
      members.append(("source", JSONText.quoted("notice-sheet")))
    case .linkOut:
      members.append(("source", JSONText.quoted("link-out")))
      members.append(("linkOutURL", JSONText.quoted(issued.linkOutURL ?? "")))
    }
    members.append(("refresh", issued.isRefresh ? "true" : "false"))
    members.append(("issuedAt", String(issued.issuedAt)))
    members.append(("active", issued.token.isActive(at: now) ? "true" : "false"))
    return "{" + members.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }
}
