import ExternalPurchaseTokens

/// How a `JSONValue` is written over several lines, two spaces a level: epsim's own documents
/// and Xcode's `.storekit` files differ only in the choices below, so one writer serves both and
/// the same value always gives the same bytes.
public struct IndentedJSONStyle: Hashable, Sendable {
  /// What stands between a member's name and its value.
  public let separator: String
  /// Members in name order, as Xcode writes them; otherwise in the order given.
  public let sortsMembers: Bool
  /// Empty arrays and objects over two lines, as Xcode writes them; otherwise `[]` and `{}`.
  public let spreadsEmpty: Bool

  /// epsim's transcripts and reports: `": "`, members as given, empty containers compact.
  public static let epsim = IndentedJSONStyle(separator: ": ", sortsMembers: false, spreadsEmpty: false)
  /// Xcode's `.storekit` files: `" : "`, members sorted, empty containers over two lines.
  public static let xcode = IndentedJSONStyle(separator: " : ", sortsMembers: true, spreadsEmpty: true)

  /// The text of `value`, ending with a newline.
  public func text(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: "", to: &output)
    return output + "\n"
  }

  private func write(_ value: JSONValue, indent: String, to output: inout String) {
    let inner = indent + "  "
    switch value {
    case .array(let items) where spreadsEmpty || !items.isEmpty:
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += inner
        write(item, indent: inner, to: &output)
        output += index == items.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .object(let members) where spreadsEmpty || !members.isEmpty:
      let ordered = sortsMembers ? members.sorted { $0.name < $1.name } : members
      output += "{\n"
      for (index, member) in ordered.enumerated() {
        output += inner + JSONText.quoted(member.name) + separator
        write(member.value, indent: inner, to: &output)
        output += index == ordered.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    default:
      output += JSONText.serialize(value)
    }
  }
}
