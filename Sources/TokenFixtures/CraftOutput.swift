import ExternalPurchaseTokens

/// How `epsim craft` prints the table.
public enum CraftOutputFormat: String, CaseIterable, Hashable, Sendable {
  /// One JSON object a line with every column.
  case jsonl
  /// Only the token strings, one a line (no crafted token contains a line break).
  case tokens
}

extension CraftedToken {
  /// The row as one line of JSON: label, category, verdict, description, token, expected.
  ///
  /// `expected` is the decoded token as compact JSON in Apple's field order (extra fields last),
  /// or `null` for rows a decoder must reject.
  public var jsonLine: String {
    let expectedJSON = expected.map { TokenEncoder().json(for: $0) } ?? "null"
    let columns = [
      ("label", JSONText.quoted(label)), ("category", JSONText.quoted(category.rawValue)),
      ("verdict", JSONText.quoted(verdict.rawValue)), ("description", JSONText.quoted(description)),
      ("token", JSONText.quoted(token)), ("expected", expectedJSON),
    ]
    return "{" + columns.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}

/// Renders crafted rows as the text `epsim craft` prints.
public enum CraftOutput {
  /// Every row on its own line, each line ending in a newline.
  public static func render(_ rows: [CraftedToken], format: CraftOutputFormat) -> String {
    rows.map { row in
      switch format {
      case .jsonl: row.jsonLine + "\n"
      case .tokens: row.token + "\n"
      }
    }.joined()
  }
}
